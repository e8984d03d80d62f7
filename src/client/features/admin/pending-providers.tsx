import { useState } from 'react';
import { formatDateIn } from '@shared/domain/time';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileText, Mail, MapPin, Languages, ShieldCheck, X } from 'lucide-react';
import type { PendingProvider } from '@shared/api/admin-responses';
import { InlineLoadFailed } from '@/components/load-failed';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { Textarea } from '@/components/ui/textarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { idDocumentUrl, invalidateAfterAdminChange, pendingProvidersQuery, verifyProviderRequest } from './admin-api';

/** The provider's identity document through the admin route: an image inline, a PDF in a frame. */
function DocumentViewer({ provider }: { provider: PendingProvider }) {
  const doc = provider.idDocument;
  if (!doc) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
        <FileText className="size-4 shrink-0" aria-hidden="true" />
        No identity document submitted yet
      </p>
    );
  }
  const src = idDocumentUrl(provider.id);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1 font-medium">
          <FileText className="size-4" aria-hidden="true" />
          Identity document ({doc.mime === 'application/pdf' ? 'PDF' : doc.mime === 'image/png' ? 'PNG' : 'JPEG'}), sent{' '}
          {formatDateIn(new Date(doc.uploadedAt), 'UTC')}
        </span>
        {doc.mime === 'application/pdf' ? null : (
          <a href={src} target="_blank" rel="noopener" className="text-primary underline-offset-4 hover:underline">
            Open document
          </a>
        )}
      </figcaption>
      {doc.mime === 'application/pdf' ? (
        // A PDF is served only as a download (never opened in the browser's viewer).
        <a
          href={src}
          download
          className="inline-flex items-center gap-2 rounded-lg border bg-muted p-4 text-sm text-primary underline-offset-4 hover:underline"
        >
          <FileText className="size-4" aria-hidden="true" />
          Download the identity document of {provider.displayName} (PDF)
        </a>
      ) : (
        <img
          src={src}
          alt={`Identity document of ${provider.displayName}`}
          className="max-h-72 w-full rounded-lg border bg-muted object-contain"
        />
      )}
    </figure>
  );
}

function ProviderCard({
  provider,
  onApprove,
  onReject,
  busy,
}: {
  provider: PendingProvider;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  return (
    <li
      data-testid="pending-provider"
      className="flex min-w-0 flex-col wrap-anywhere gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-4">
        <PersonAvatar
          name={provider.displayName}
          image={provider.avatar}
          className="size-14"
          fallbackClassName="text-lg"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 className="truncate text-lg font-semibold">{provider.displayName}</h2>
          <p className="inline-flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{provider.user.email}</span>
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            <Badge variant="secondary">{provider.govIdStatus}</Badge>
            {provider.phoneVerified ? (
              <Badge variant="soft">
                <ShieldCheck aria-hidden="true" />
                Phone Verified
              </Badge>
            ) : (
              <Badge variant="outline">Phone not verified</Badge>
            )}
          </div>
        </div>
      </div>
      <p className="text-sm break-words">{provider.bio?.trim() ? provider.bio : 'No bio provided'}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Base city</dt>
          <dd>{provider.baseCity?.trim() ? provider.baseCity : 'Not specified'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Languages className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">Languages</dt>
          <dd>{provider.languages.length > 0 ? provider.languages.join(', ') : 'None specified'}</dd>
        </div>
      </dl>
      <DocumentViewer provider={provider} />
      {!provider.idDocument && (
        <p id={`no-document-${provider.id}`} className="text-sm text-muted-foreground" data-testid="approve-blocked">
          No identity document uploaded yet: they can be approved once they upload one from their dashboard.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={onApprove}
          disabled={busy || !provider.idDocument}
          aria-label={`Approve ${provider.displayName}`}
          aria-describedby={provider.idDocument ? undefined : `no-document-${provider.id}`}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button variant="outline" onClick={onReject} disabled={busy} aria-label={`Reject ${provider.displayName}`}>
          <X aria-hidden="true" />
          Reject
        </Button>
        <Link
          to={`/provider/${provider.userId}`}
          className="ml-auto text-sm text-primary underline-offset-4 hover:underline"
        >
          View public profile
        </Link>
      </div>
    </li>
  );
}

/** /admin/providers: the pending providers, each with Approve and Reject (docs/product.md). */
export function PendingProviders() {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingProvidersQuery);
  const [rejecting, setRejecting] = useState<PendingProvider | null>(null);
  const [reason, setReason] = useState('');

  const verify = useMutation({
    mutationFn: (v: { id: string; status: 'APPROVED' | 'REJECTED'; reason?: string }) =>
      verifyProviderRequest(v.id, v.status, v.reason),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      setRejecting(null);
      setReason('');
      toast({ title: 'Provider verification updated' });
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Failed to update verification' });
    },
  });

  if (pending.isError) return <InlineLoadFailed what="the pending providers" onRetry={() => void pending.refetch()} />;
  if (pending.isPending) {
    return (
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label="Loading pending providers">
        {[0, 1].map((i) => (
          <li key={i} className="flex flex-col gap-3 rounded-xl border p-6">
            <Skeleton className="h-14 w-14 rounded-full" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-24 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (pending.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-16 text-center">
        <ShieldCheck className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-medium">No pending verifications</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {pending.data.map((p) => (
          <ProviderCard
            key={p.id}
            provider={p}
            busy={verify.isPending}
            onApprove={() => verify.mutate({ id: p.id, status: 'APPROVED' })}
            onReject={() => {
              setReason('');
              setRejecting(p);
            }}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={`Reject ${rejecting?.displayName ?? 'this provider'}?`}
        description="They will see that their verification was rejected, with your reason if you give one."
        confirmLabel="Reject"
        isPending={verify.isPending}
        onConfirm={() =>
          rejecting && verify.mutate({ id: rejecting.id, status: 'REJECTED', reason: reason.trim() || undefined })
        }
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="reject-reason">Reason (optional)</Label>
          <Textarea
            id="reject-reason"
            value={reason}
            maxLength={500}
            onValueChange={(value) => setReason(value)}
            placeholder="e.g. The document is blurred. Please upload a sharper photo."
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

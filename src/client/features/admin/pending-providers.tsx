import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '@/lib/locale';
import { formatDateIn } from '@shared/domain/time';
import { languageName } from '@shared/domain/languages';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, FileText, Mail, MapPin, Languages, ShieldCheck, X } from '@/components/icons';
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
  const { t } = useLingui();
  const locale = useLocale();
  const doc = provider.idDocument;
  if (!doc) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
        <FileText className="size-4 shrink-0" aria-hidden="true" />
        <Trans>No identity document submitted yet</Trans>
      </p>
    );
  }
  const src = idDocumentUrl(provider.id);
  const kind = doc.mime === 'application/pdf' ? 'PDF' : doc.mime === 'image/png' ? 'PNG' : 'JPEG';
  const sent = formatDateIn(new Date(doc.uploadedAt), 'UTC', locale);
  const name = provider.displayName;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="inline-flex items-center gap-1 font-medium">
          <FileText className="size-4" aria-hidden="true" />
          <Trans>
            Identity document ({kind}), sent {sent}
          </Trans>
        </span>
        {doc.mime === 'application/pdf' ? null : (
          <a href={src} target="_blank" rel="noopener" className="text-primary underline-offset-4 hover:underline">
            <Trans>Open document</Trans>
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
          <Trans>Download the identity document of {name} (PDF)</Trans>
        </a>
      ) : (
        <img
          src={src}
          alt={t`Identity document of ${name}`}
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
  const { t } = useLingui();
  const locale = useLocale();
  const name = provider.displayName;
  const status = { PENDING: t`Pending`, APPROVED: t`Approved`, REJECTED: t`Rejected` }[provider.govIdStatus];
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
            <Badge variant="secondary">{status}</Badge>
            {provider.phoneVerified ? (
              <Badge variant="soft">
                <ShieldCheck aria-hidden="true" />
                <Trans>Phone Verified</Trans>
              </Badge>
            ) : (
              <Badge variant="outline">
                <Trans>Phone not verified</Trans>
              </Badge>
            )}
          </div>
        </div>
      </div>
      <p className="text-sm break-words">{provider.bio?.trim() ? provider.bio : t`No bio provided`}</p>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">
            <Trans>Base city</Trans>
          </dt>
          <dd>{provider.baseCity?.trim() ? provider.baseCity : t`Not specified`}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Languages className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <dt className="sr-only">
            <Trans>Languages</Trans>
          </dt>
          <dd>
            {provider.languages.length > 0
              ? provider.languages.map((l) => languageName(l, locale)).join(', ')
              : t`None specified`}
          </dd>
        </div>
      </dl>
      <DocumentViewer provider={provider} />
      {!provider.idDocument && (
        <p id={`no-document-${provider.id}`} className="text-sm text-muted-foreground" data-testid="approve-blocked">
          <Trans>
            No identity document uploaded yet: they can be approved once they upload one from their dashboard.
          </Trans>
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          onClick={onApprove}
          disabled={busy || !provider.idDocument}
          aria-label={t`Approve ${name}`}
          aria-describedby={provider.idDocument ? undefined : `no-document-${provider.id}`}
        >
          <Check aria-hidden="true" />
          <Trans>Approve</Trans>
        </Button>
        <Button variant="outline" onClick={onReject} disabled={busy} aria-label={t`Reject ${name}`}>
          <X aria-hidden="true" />
          <Trans>Reject</Trans>
        </Button>
        <Link
          to={`/provider/${provider.userId}`}
          className="ml-auto text-sm text-primary underline-offset-4 hover:underline"
        >
          <Trans>View public profile</Trans>
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
  const { t } = useLingui();
  const rejectingName = rejecting?.displayName;

  const verify = useMutation({
    mutationFn: (v: { id: string; status: 'APPROVED' | 'REJECTED'; reason?: string }) =>
      verifyProviderRequest(v.id, v.status, v.reason),
    onSuccess: () => {
      invalidateAfterAdminChange(queryClient);
      setRejecting(null);
      setReason('');
      toast({ title: t`Provider verification updated` });
    },
    onError: () => {
      toast({ variant: 'destructive', title: t`Failed to update verification` });
    },
  });

  if (pending.isError)
    return <InlineLoadFailed what={t`the pending providers`} onRetry={() => void pending.refetch()} />;
  if (pending.isPending) {
    return (
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy="true" aria-label={t`Loading pending providers`}>
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
        <p className="text-lg font-medium">
          <Trans>No pending verifications</Trans>
        </p>
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
        title={rejectingName ? t`Reject ${rejectingName}?` : t`Reject this provider?`}
        description={t`They will see that their verification was rejected, with your reason if you give one.`}
        confirmLabel={t`Reject`}
        isPending={verify.isPending}
        onConfirm={() =>
          rejecting && verify.mutate({ id: rejecting.id, status: 'REJECTED', reason: reason.trim() || undefined })
        }
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="reject-reason">
            <Trans>Reason (optional)</Trans>
          </Label>
          <Textarea
            id="reject-reason"
            value={reason}
            maxLength={500}
            onValueChange={(value) => setReason(value)}
            placeholder={t`e.g. The document is blurred. Please upload a sharper photo.`}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

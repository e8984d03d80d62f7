import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, FileCheck2, FileWarning, Upload } from '@/components/icons';
import type { MyProvider } from '@shared/api/providers';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { apiJson, errorMessage } from '@/lib/api';
import { useLocale } from '@/lib/locale';
import { localeDateFormat } from '@shared/domain/calendar-date';
import { Trans, useLingui } from '@lingui/react/macro';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/**
 * Identity verification on the provider's dashboard (decision 021): the status, an admin's rejection
 * reason, and the upload of an ID document (JPEG, PNG or PDF up to 10 MB). Only admins can open
 * the document; the provider sees that it was sent and when.
 */
export function IdDocumentCard({ provider }: { provider: MyProvider }) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiJson<unknown>('POST', '/api/provider/id-document', form);
    },
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: ['/api/provider/me'] });
      toast({ title: t`Document submitted`, description: t`An admin will review it soon.` });
    },
    onError: (error) => {
      const message = errorMessage(error, t`Please try again.`);
      setProblem(message);
      toast({ variant: 'destructive', title: t`Failed to upload document`, description: message });
    },
  });

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) return setProblem(t`The document must be at most 10 MB.`);
    upload.mutate(file);
  }

  const status = provider.govIdStatus;
  const doc = provider.idDocument;
  return (
    <section
      aria-labelledby="id-doc-heading"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      data-testid="id-document-card"
    >
      <h2 id="id-doc-heading" className="flex items-center gap-2 text-lg font-semibold">
        {status === 'APPROVED' ? (
          <BadgeCheck className="size-5 text-primary" aria-hidden="true" />
        ) : status === 'REJECTED' ? (
          <FileWarning className="size-5 text-destructive" aria-hidden="true" />
        ) : (
          <FileCheck2 className="size-5 text-muted-foreground" aria-hidden="true" />
        )}
        <Trans>Identity verification</Trans>
      </h2>
      {status === 'APPROVED' ? (
        <p className="text-sm text-muted-foreground">
          <Trans>Your identity is verified. Travelers see the Verified badge.</Trans>
        </p>
      ) : (
        <>
          {status === 'REJECTED' && (
            <div role="status" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
              <p className="font-medium">
                <Trans>Your verification was rejected.</Trans>
              </p>
              <p>
                {provider.govIdRejectionReason ? (
                  <Trans>Reason: {provider.govIdRejectionReason}</Trans>
                ) : (
                  <Trans>No reason was given.</Trans>
                )}{' '}
                <Trans>You can upload a new document.</Trans>
              </p>
            </div>
          )}
          {doc && status === 'PENDING' ? (
            <p className="text-sm" data-testid="id-document-status">
              <Trans>
                Document submitted on{' '}
                {localeDateFormat(locale, { dateStyle: 'medium' }).format(new Date(doc.uploadedAt))}. An admin will
                review it.
              </Trans>
            </p>
          ) : status === 'PENDING' ? (
            <p className="text-sm text-muted-foreground">
              <Trans>
                Upload a photo or scan of a government ID to get the Verified badge. Only Locora admins can see it.
              </Trans>
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={input}
              id="id-document-input"
              type="file"
              aria-label={t`ID document file`}
              tabIndex={-1}
              accept={ACCEPT}
              className="sr-only"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
              {upload.isPending ? <Spinner decorative /> : <Upload aria-hidden="true" />}
              {doc ? <Trans>Replace ID document</Trans> : <Trans>Upload ID document</Trans>}
            </Button>
            <span className="text-xs text-muted-foreground">
              <Trans>JPEG, PNG or PDF, up to 10 MB</Trans>
            </span>
          </div>
          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}

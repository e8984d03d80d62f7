import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '@shared/domain/reports';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiJson } from '@/lib/api';

/** The fixed list of reasons (the API's `reason`), as people read them. */
const REASON_LABELS: Record<ReportReason, MessageDescriptor> = {
  safety: msg`Safety`,
  harassment: msg`Harassment`,
  fraud: msg`Fraud or payment outside Locora`,
  inappropriate: msg`Inappropriate content`,
  misleading: msg`Misleading listing`,
  other: msg`Other`,
};

const NOTE_MAX = 1000;

/** The report dialog, loaded when a person first presses "Report" (report-button.tsx). */
export function ReportDialog({
  targetType,
  targetId,
  problem,
  open,
  onOpenChange,
}: {
  targetType: ReportTargetType;
  targetId: string;
  problem: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const send = useMutation({
    mutationFn: () => apiJson<unknown>('POST', '/api/reports', { targetType, targetId, reason, note: note.trim() }),
    onSuccess: () => {
      onOpenChange(false);
      toast({
        title: t`Report sent`,
        description: t`Thank you. Our team will look into it, and we will tell you what we decided.`,
      });
    },
    onError: (error) => {
      const already = error instanceof ApiError && error.status === 409;
      const limited = error instanceof ApiError && error.status === 429;
      toast({
        variant: 'destructive',
        title: already ? t`Already reported` : t`Could not send the report`,
        description: already
          ? t`You have reported this already. Our team is looking into it.`
          : limited
            ? t`You have sent many reports today. Please try again tomorrow.`
            : t`Please try again later.`,
      });
      if (already) onOpenChange(false);
    },
  });
  const titles: Record<ReportTargetType, string> = {
    review: t`Report this review`,
    message: t`Report this message`,
    service: t`Report this service`,
    provider: t`Report this provider`,
    booking: t`Report a problem`,
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{problem ? t`Report a problem` : titles[targetType]}</DialogTitle>
          <DialogDescription>
            <Trans>
              Only Locora’s team reads reports. If you are in danger now, call the local emergency number first.
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason && !send.isPending) send.mutate();
          }}
        >
          <fieldset className="flex flex-col gap-2" disabled={send.isPending}>
            <legend className="mb-2 text-sm leading-none font-medium">
              <Trans>Why are you reporting it?</Trans>
            </legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="accent-primary"
                />
                {i18n._(REASON_LABELS[r])}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-note`}>
              <Trans>What happened? (optional)</Trans>
            </Label>
            <Textarea
              id={`${id}-note`}
              rows={4}
              value={note}
              maxLength={NOTE_MAX}
              disabled={send.isPending}
              onValueChange={(value) => setNote(value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={() => onOpenChange(false)} disabled={send.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={!reason || send.isPending} aria-busy={send.isPending}>
              {send.isPending && <Spinner decorative />}
              <Trans>Send report</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

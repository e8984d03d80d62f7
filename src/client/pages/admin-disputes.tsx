import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import type { AdminDispute } from '@shared/api/earnings';
import type { Locale } from '@shared/domain/locales';
import { formatMoney } from '@shared/domain/pricing';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import {
  adminDisputesQuery,
  DISPUTE_FILTERS,
  disputeFilterOf,
  submitDisputeEvidenceRequest,
} from '@/features/admin/admin-api';
import { AdminShell } from '@/features/admin/admin-shell';
import { useAdminPaymentWords } from '@/features/admin/admin-payment-words';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useLocale } from '@/lib/locale';
import { cn } from '@/lib/utils';

const FILTER_LABELS = {
  open: msg`Open`,
  won: msg({ message: 'Won', context: 'dispute filter', comment: 'A filter tab: the disputes Locora won' }),
  lost: msg({ message: 'Lost', context: 'dispute filter', comment: 'A filter tab: the disputes Locora lost' }),
  all: msg`All`,
};

/** A moment in UTC, in the admin's language (admins work across every city's zone). */
const inUtc = (iso: string, locale: Locale) =>
  `${formatDateIn(new Date(iso), 'UTC', locale)}, ${formatTimeIn(new Date(iso), 'UTC', locale)} UTC`;

/** The evidence dialog: the admin's account, and whether the booking's messages go with it. */
function EvidenceDialog({ dispute, onDone }: { dispute: AdminDispute; onDone: () => void }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [withMessages, setWithMessages] = useState(true);
  const textId = useId();
  const messagesId = useId();
  const submit = useMutation({
    mutationFn: submitDisputeEvidenceRequest,
    onSuccess: () => {
      toast({ title: t`Evidence submitted`, description: t`Stripe sent it to the traveler’s bank.` });
      setOpen(false);
      onDone();
    },
    onError: (err) => toast({ variant: 'destructive', title: t`Not submitted`, description: errorMessage(err, '') }),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setText('');
      }}
    >
      <Button size="sm" onClick={() => setOpen(true)}>
        <Trans>Answer with evidence</Trans>
      </Button>
      <DialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate({ id: dispute.id, text, includeMessages: withMessages });
          }}
        >
          <DialogHeader>
            <DialogTitle>
              <Trans>Answer the dispute of {dispute.serviceTitle}</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>
                Stripe sends this to the traveler’s bank with the booking’s date, the service and the traveler’s name.
                Evidence is sent once: write everything now.
              </Trans>
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={textId}>
              <Trans>What happened</Trans>
            </Label>
            <Textarea id={textId} value={text} rows={6} maxLength={15_000} onChange={(e) => setText(e.target.value)} />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={messagesId}
              checked={withMessages}
              onCheckedChange={(checked) => setWithMessages(checked === true)}
            />
            <Label htmlFor={messagesId}>
              <Trans>Include the booking’s messages</Trans>
            </Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={submit.isPending || text.trim() === ''}>
              {submit.isPending ? <Trans>Submitting…</Trans> : <Trans>Submit evidence</Trans>}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DisputeCard({ d, onChanged }: { d: AdminDispute; onChanged: () => void }) {
  const { t } = useLingui();
  const words = useAdminPaymentWords();
  const locale = useLocale();
  const amount = formatMoney(d.amountCents, d.currency, locale);
  return (
    <li data-testid="dispute">
      <Card className="gap-2 py-4">
        <CardContent className="flex flex-col gap-2 px-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={d.isOpen ? 'destructive' : d.status === 'lost' ? 'secondary' : 'outline'}>
              {words.status(d.status)}
            </Badge>
            <span className="font-medium">
              {amount} · {d.serviceTitle}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">
            {d.providerName} · {d.travelerName ?? t`A traveler`} · {words.reason(d.reason)}
          </p>
          {d.isOpen && d.dueBy && (
            <p className="text-sm">
              {d.takesEvidence ? (
                <Trans>Evidence due by {inUtc(d.dueBy, locale)}</Trans>
              ) : d.evidenceSubmittedAt ? (
                <Trans>Evidence submitted on {inUtc(d.evidenceSubmittedAt, locale)}</Trans>
              ) : (
                <Trans>The deadline for evidence passed on {inUtc(d.dueBy, locale)}</Trans>
              )}
            </p>
          )}
          {d.status === 'lost' && (
            <p className="text-sm text-destructive">
              <Trans>Lost: {formatMoney(d.locoraLossCents, d.currency, locale)}, the amount and Stripe’s fee.</Trans>
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            {d.takesEvidence && <EvidenceDialog dispute={d} onDone={onChanged} />}
            <Link
              className="text-sm text-primary underline underline-offset-4"
              to={`/admin/payments/bookings/${d.bookingId}`}
            >
              <Trans>Booking and messages</Trans>
            </Link>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/** /admin/disputes: disputes with filters and their evidence deadline; an open one answered with evidence. */
export function AdminDisputesPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Disputes`);
  const [params, setParams] = useSearchParams();
  const filter = disputeFilterOf({ searchParams: params });
  const queryClient = useQueryClient();
  const disputes = useQuery(adminDisputesQuery(filter));
  return (
    <AdminShell
      title={t`Disputes`}
      description={t`Card payments the traveler’s bank disputed, open ones by their evidence deadline. Evidence goes to Stripe once and is audit-logged.`}
    >
      <nav aria-label={t`Which disputes`} className="flex flex-wrap gap-2">
        {DISPUTE_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'default' : 'outline'}
            aria-current={f === filter ? 'page' : undefined}
            className={cn(f === filter && 'pointer-events-none')}
            onClick={() => setParams(f === 'open' ? {} : { status: f }, { preventScrollReset: true })}
          >
            {i18n._(FILTER_LABELS[f])}
          </Button>
        ))}
      </nav>
      {disputes.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : disputes.isError ? (
        <InlineLoadFailed what={t`the disputes`} onRetry={() => void disputes.refetch()} />
      ) : disputes.data.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>No disputes here.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {disputes.data.map((d) => (
            <DisputeCard
              key={d.id}
              d={d}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: ['/api/admin/disputes'] })}
            />
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminBooking } from '@shared/api/earnings';
import type { Locale } from '@shared/domain/locales';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminShell } from './admin-shell';
import { adminBookingQuery } from './admin-api';
import { useAdminPaymentWords } from './admin-payment-words';
import { useDocumentTitle } from '@/lib/document-title';
import { useMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useBookingStatusLabel } from '@/lib/booking-words';

const utc = (iso: string, locale: Locale) =>
  `${formatDateIn(new Date(iso), 'UTC', locale)} ${formatTimeIn(new Date(iso), 'UTC', locale)} UTC`;

/** The booking's facts: when, who, the money and its disputes. */
function BookingFacts({ b }: { b: AdminBooking }) {
  const money = useMoney();
  const locale = useLocale();
  const statusLabel = useBookingStatusLabel();
  const words = useAdminPaymentWords();
  const startDate = formatDateIn(new Date(b.start), b.timeZone, locale);
  const startTime = formatTimeIn(new Date(b.start), b.timeZone, locale);
  const zone = b.timeZone;
  const hours = b.hours;
  const status = statusLabel(b.status);
  const { t } = useLingui();
  const { providerName, providerEmail, travelerEmail } = b;
  const travelerName = b.travelerName ?? t`A traveler`;
  const gross = money(b.grossCents, b.currency);
  const fee = money(b.feeCents, b.currency);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle asChild>
          <h2>{b.serviceTitle}</h2>
        </CardTitle>
        <CardDescription>
          <Trans>
            {startDate} at {startTime} ({zone}) · {hours} h · {status}
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p>
          <Trans>
            Provider: {providerName} ({providerEmail})
          </Trans>
        </p>
        <p>
          <Trans>
            Traveler: {travelerName} ({travelerEmail})
          </Trans>
        </p>
        <p>
          <Trans>
            Paid {gross} (Locora fee {fee})
          </Trans>
          {b.paymentIntentId ? ` · PaymentIntent ${b.paymentIntentId}` : ''}
        </p>
        {b.disputes.map((d) => {
          const dispute = d.id;
          const disputeStatus = words.status(d.status);
          const amount = money(d.amountCents, b.currency);
          const reason = words.reason(d.reason);
          const due = d.isOpen && d.dueBy ? utc(d.dueBy, locale) : null;
          return (
            <p key={d.id}>
              {due ? (
                <Trans>
                  Dispute {dispute}: {disputeStatus}, {amount}, {reason}, evidence due by {due}
                </Trans>
              ) : (
                <Trans>
                  Dispute {dispute}: {disputeStatus}, {amount}, {reason}
                </Trans>
              )}
            </p>
          );
        })}
      </CardContent>
    </Card>
  );
}

/** /admin/payments/bookings/{id}: one booking, its history and messages, for dispute evidence (opening it is audit-logged). */
export function AdminBookingView({ id }: { id: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Booking`);
  const booking = useQuery(adminBookingQuery(id));
  const b = booking.data;
  const locale = useLocale();
  const statusLabel = useBookingStatusLabel();
  const words = useAdminPaymentWords();
  return (
    <AdminShell
      title={t`Booking`}
      description={t`The booking and its messages, for a dispute’s evidence. Opening it is logged.`}
    >
      <p>
        <Link className="text-sm text-primary underline-offset-4 hover:underline" to="/admin/payments">
          <Trans>Back to payments</Trans>
        </Link>
      </p>
      {booking.isError && <InlineLoadFailed what={t`the booking`} onRetry={() => void booking.refetch()} />}
      {!b && !booking.isError && <Skeleton className="h-48 w-full" />}
      {b && (
        <>
          <BookingFacts b={b} />
          <Card className="gap-3">
            <CardHeader>
              <CardTitle asChild>
                <h2>
                  <Trans>History</Trans>
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-1 text-sm">
                {b.history.map((h) => (
                  <li key={h.at + h.to}>
                    {utc(h.at, locale)}: {h.from ? `${statusLabel(h.from)} → ` : ''}
                    {statusLabel(h.to)}
                    {h.reason ? ` (${words.historyNote(h.reason)})` : ''}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle asChild>
                <h2>
                  <Trans>Messages</Trans>
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {b.messages.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>No messages.</Trans>
                </p>
              ) : (
                <ol className="grid gap-3">
                  {b.messages.map((m) => (
                    <li key={m.at + m.body} className="rounded-lg border p-3" data-testid="admin-booking-message">
                      <p className="text-xs text-muted-foreground">
                        {m.senderName} · {utc(m.at, locale)}
                      </p>
                      <p className="whitespace-pre-wrap">{m.body}</p>
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </AdminShell>
  );
}

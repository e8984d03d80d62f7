import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { bookingStatusLabel } from '@shared/domain/booking-status';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AdminShell } from './admin-shell';
import { adminBookingQuery } from './admin-api';
import { useDocumentTitle } from '@/lib/document-title';
import { useMoney } from '@/lib/format';

const utc = (iso: string) => `${formatDateIn(new Date(iso), 'UTC')} ${formatTimeIn(new Date(iso), 'UTC')} UTC`;

/** /admin/payments/bookings/{id}: one booking, its history and messages, for dispute evidence (opening it is audit-logged). */
export function AdminBookingView({ id }: { id: string }) {
  useDocumentTitle('Booking');
  const booking = useQuery(adminBookingQuery(id));
  const b = booking.data;
  const money = useMoney();
  return (
    <AdminShell
      title="Booking"
      description="The booking and its messages, for a dispute’s evidence. Opening it is logged."
    >
      <p>
        <Link className="text-sm text-primary underline-offset-4 hover:underline" to="/admin/payments">
          Back to payments
        </Link>
      </p>
      {booking.isError && <InlineLoadFailed what="the booking" onRetry={() => void booking.refetch()} />}
      {!b && !booking.isError && <Skeleton className="h-48 w-full" />}
      {b && (
        <>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle asChild>
                <h2>{b.serviceTitle}</h2>
              </CardTitle>
              <CardDescription>
                {formatDateIn(new Date(b.start), b.timeZone)} at {formatTimeIn(new Date(b.start), b.timeZone)} (
                {b.timeZone}) · {b.hours} h · {bookingStatusLabel(b.status)}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-1 text-sm">
              <p>
                Provider: {b.providerName} ({b.providerEmail})
              </p>
              <p>
                Traveler: {b.travelerName} ({b.travelerEmail})
              </p>
              <p>
                Paid {money(b.grossCents, b.currency)} (Locora fee {money(b.feeCents, b.currency)})
                {b.paymentIntentId ? ` · PaymentIntent ${b.paymentIntentId}` : ''}
              </p>
              {b.disputes.map((d) => (
                <p key={d.id}>
                  Dispute {d.id}: {d.status.replace(/_/g, ' ')}, {money(d.amountCents, b.currency)},{' '}
                  {d.reason.replace(/_/g, ' ')}
                  {d.isOpen && d.dueBy ? `, evidence due by ${utc(d.dueBy)}` : ''}
                </p>
              ))}
            </CardContent>
          </Card>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle asChild>
                <h2>History</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="grid gap-1 text-sm">
                {b.history.map((h) => (
                  <li key={h.at + h.to}>
                    {utc(h.at)}: {h.from ? `${bookingStatusLabel(h.from)} → ` : ''}
                    {bookingStatusLabel(h.to)}
                    {h.reason ? ` (${h.reason})` : ''}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle asChild>
                <h2>Messages</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {b.messages.length === 0 ? (
                <p className="text-muted-foreground">No messages.</p>
              ) : (
                <ol className="grid gap-3">
                  {b.messages.map((m) => (
                    <li key={m.at + m.body} className="rounded-lg border p-3" data-testid="admin-booking-message">
                      <p className="text-xs text-muted-foreground">
                        {m.senderName} · {utc(m.at)}
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { AdminDispute, AdminPreConnectOwed, PlatformTotals, ReconciliationDifference } from '@shared/api/earnings';
import type { CurrencyCode } from '@shared/domain/currency';
import { formatMoney } from '@shared/domain/pricing';
import { formatDateIn, formatTimeIn } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/use-toast';
import { AdminBookingView } from '@/features/admin/admin-booking-view';
import { AdminShell } from '@/features/admin/admin-shell';
import {
  adminPaymentsQuery,
  explainDifferenceRequest,
  readStripeFeesRequest,
  reconcileRequest,
  settleByHandRequest,
} from '@/features/admin/admin-api';
import { Textarea } from '@/components/ui/textarea';
import { useLocale } from '@/lib/locale';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { pluralize, useMoney } from '@/lib/format';
import { useRealtimeEvents } from '@/lib/realtime';

const day = (iso: string) => formatDateIn(new Date(iso), 'UTC');
const dueText = (iso: string) => `${day(iso)}, ${formatTimeIn(new Date(iso), 'UTC')} UTC`;

/** A period's money, one block per currency (amounts in different currencies are never added up). */
function TotalsCard({ title, description, lines }: { title: string; description: string; lines: PlatformTotals[] }) {
  const money = useMoney();
  const payments = lines.reduce((n, t) => n + t.payments, 0);
  return (
    <Card className="gap-3" data-testid="platform-totals">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>
          {pluralize(payments, 'captured card payment')} · {description}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {lines.length === 0 && <p className="text-sm text-muted-foreground">No money moved.</p>}
        {lines.map((t) => {
          const rows: [string, string][] = [
            ['Volume (gross)', money(t.grossCents, t.currency)],
            ['Locora fees earned', money(t.feeCents, t.currency)],
            [
              'Stripe processing fees',
              `${money(t.stripeFeeCents, t.currency)}${t.stripeFeesUnread ? ` (+${pluralize(t.stripeFeesUnread, 'payment')} not read yet)` : ''}`,
            ],
            ['Refunds', money(t.refundedCents, t.currency)],
            ['Open disputes', `${t.openDisputes} · ${money(t.openDisputedCents, t.currency)}`],
          ];
          return (
            <section key={t.currency} aria-label={t.currency} data-testid="platform-totals-currency">
              <h3 className="mb-1 text-sm font-semibold">
                {t.currency} · {pluralize(t.payments, 'payment')}
              </h3>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {rows.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className="text-right font-medium tabular-nums">{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </CardContent>
    </Card>
  );
}

function DisputeItem({ d }: { d: AdminDispute }) {
  const money = useMoney();
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0" data-testid="admin-dispute">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={d.isOpen ? 'destructive' : d.status === 'lost' ? 'secondary' : 'outline'}>
          {d.status.replace(/_/g, ' ')}
        </Badge>
        <span className="font-medium">
          {money(d.amountCents, d.currency)} · {d.serviceTitle}
        </span>
        <span className="text-sm text-muted-foreground">
          {d.providerName} · {d.travelerName} · {d.reason.replace(/_/g, ' ')}
        </span>
      </div>
      {d.isOpen && d.dueBy && <p className="text-sm">Evidence due by {dueText(d.dueBy)}</p>}
      {d.status === 'lost' && (
        <p className="text-sm text-destructive">
          Lost: {d.destinationCharge ? 'a destination charge, so ' : ''}Locora’s loss by default —{' '}
          {money(d.locoraLossCents, d.currency)} (the amount and Stripe’s {money(d.feeCents, d.currency)} dispute fee).
        </p>
      )}
      <p className="text-sm">
        <Link
          className="text-primary underline-offset-4 hover:underline"
          to={`/admin/payments/bookings/${d.bookingId}`}
        >
          Booking and messages
        </Link>
      </p>
    </li>
  );
}

/** A booking paid before payouts existed: what its provider is owed, and settling it by hand with a note. */
function PreConnectOwedRow({ r, onSettled }: { r: AdminPreConnectOwed; onSettled: () => void }) {
  const locale = useLocale();
  const { toast } = useToast();
  const [note, setNote] = useState('');
  const settle = useMutation({
    mutationFn: settleByHandRequest,
    onSuccess: () => {
      toast({ title: 'Settled by hand', description: `${r.serviceTitle} · ${r.providerName}` });
      onSettled();
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Not settled', description: errorMessage(err, '') }),
  });
  const noteId = `settle-note-${r.bookingId}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="pre-connect-owed">
      <span className="flex flex-wrap justify-between gap-2">
        <span>
          {day(r.date)} · {r.serviceTitle} · {r.providerName} ({r.providerEmail}) · {r.bookingStatus.toLowerCase()}
        </span>
        <strong className="tabular-nums">{formatMoney(r.owedCents, r.currency as CurrencyCode, locale)}</strong>
      </span>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          settle.mutate({ bookingId: r.bookingId, note });
        }}
      >
        <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={noteId}>
          How it was settled
          <Textarea id={noteId} value={note} maxLength={1000} rows={1} onChange={(e) => setNote(e.target.value)} />
        </label>
        <Button type="submit" variant="outline" size="sm" disabled={settle.isPending || note.trim() === ''}>
          Mark settled
        </Button>
      </form>
    </li>
  );
}

/** One difference between the ledger and Stripe: both amounts, the cause in plain words, and explaining it. */
function DifferenceRow({ d, onExplained }: { d: ReconciliationDifference; onExplained: () => void }) {
  const locale = useLocale();
  const { toast } = useToast();
  const [note, setNote] = useState('');
  const explain = useMutation({
    mutationFn: explainDifferenceRequest,
    onSuccess: () => {
      toast({ title: 'Difference explained' });
      onExplained();
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(err, '') }),
  });
  const amount = (value: number | null, currency: string | null) =>
    value === null || currency === null ? 'none' : formatMoney(value, currency as CurrencyCode, locale);
  const noteId = `explain-note-${d.id}`;
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="reconciliation-difference">
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={d.explained ? 'outline' : 'destructive'}>{d.explained ? 'explained' : 'open'}</Badge>
        <span className="font-medium">{d.causeText}</span>
      </span>
      <span className="text-muted-foreground">
        {d.category.replace(/_/g, ' ')} · {d.objectId} · Stripe {amount(d.stripeAmount, d.stripeCurrency)} · Ledger{' '}
        {amount(d.ledgerAmount, d.ledgerCurrency)} · since {day(d.firstSeenAt)}
        {d.bookingId && (
          <>
            {' · '}
            <Link className="text-primary underline underline-offset-4" to={`/admin/payments/bookings/${d.bookingId}`}>
              Booking
            </Link>
          </>
        )}
      </span>
      {d.explained ? (
        <span>Note: {d.explained.note}</span>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            explain.mutate({ id: d.id, note });
          }}
        >
          <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={noteId}>
            What explains it
            <Textarea id={noteId} value={note} maxLength={1000} rows={1} onChange={(e) => setNote(e.target.value)} />
          </label>
          <Button type="submit" variant="outline" size="sm" disabled={explain.isPending || note.trim() === ''}>
            Mark explained
          </Button>
        </form>
      )}
    </li>
  );
}

/**
 * /admin/payments (decision 039): Locora's money, disputes, small bookings, payouts not ready or
 * failed; /admin/payments/bookings/{id}: a disputed booking with its messages.
 */
export function AdminPaymentsPage() {
  const { '*': rest = '' } = useParams();
  const booking = /^bookings\/([^/]+)\/?$/.exec(rest);
  return booking ? <AdminBookingView id={booking[1]!} /> : <PaymentsOverview />;
}

function PaymentsOverview() {
  useDocumentTitle('Payments');
  const money = useMoney();
  const payments = useQuery(adminPaymentsQuery);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useRealtimeEvents((event) => {
    if (event.type === 'booking') void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
  });
  const locale = useLocale();
  const readFees = useMutation({
    mutationFn: readStripeFeesRequest,
    onSuccess: (r) => {
      toast({ title: 'Stripe fees read', description: `${r.read} read, ${r.failed} failed, ${r.left} left.` });
      void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Failed to read Stripe fees', description: errorMessage(err, '') }),
  });
  const reconcile = useMutation({
    mutationFn: reconcileRequest,
    onSuccess: (r) => {
      toast({ title: 'Reconciled with Stripe', description: `${r.read} read, ${r.differences} differences open.` });
      void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: 'Reconciliation failed', description: errorMessage(err, '') }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
  const p = payments.data;
  return (
    <AdminShell title="Payments" description="Volume, fees, refunds, disputes and providers’ payouts.">
      {payments.isError && <InlineLoadFailed what="the payments" onRetry={() => void payments.refetch()} />}
      {!p && !payments.isError && <Skeleton className="h-48 w-full" />}
      {p && (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <TotalsCard
              title={`This month (${p.monthLabel}, UTC)`}
              description="by the day each card was charged"
              lines={p.thisMonth}
            />
            <TotalsCard title="All time" description="one line per currency" lines={p.allTime} />
          </div>
          {p.allTime.some((t) => t.stripeFeesUnread > 0) && (
            <div>
              <Button variant="outline" size="sm" disabled={readFees.isPending} onClick={() => readFees.mutate()}>
                <RefreshCw aria-hidden="true" />
                {readFees.isPending ? 'Reading...' : 'Read Stripe fees now'}
              </Button>
            </div>
          )}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Disputes</h2>
              </CardTitle>
              <CardDescription>
                Open disputes with their evidence deadline, and lost ones. With destination charges Stripe takes a
                disputed amount and its fee from Locora’s balance.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.disputes.length === 0 ? (
                <p className="text-muted-foreground">No open or lost disputes.</p>
              ) : (
                <ul>
                  {p.disputes.map((d) => (
                    <DisputeItem key={d.id} d={d} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Small bookings</h2>
              </CardTitle>
              <CardDescription>Bookings on which Locora’s fee does not cover Stripe’s processing fee.</CardDescription>
            </CardHeader>
            <CardContent>
              {p.smallBookings.length === 0 ? (
                <p className="text-muted-foreground">None: every fee read covers Stripe’s.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.smallBookings.map((b) => (
                    <li key={b.bookingId} className="flex flex-wrap justify-between gap-2 py-2">
                      <span>
                        {day(b.date)} · {b.serviceTitle} · {b.providerName}
                      </span>
                      <span className="tabular-nums">
                        paid {money(b.grossCents, b.currency)}, fee {money(b.feeCents, b.currency)}, Stripe{' '}
                        {money(b.stripeFeeCents, b.currency)}: <strong>−{money(b.shortfallCents, b.currency)}</strong>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Payouts not ready</h2>
                </CardTitle>
                <CardDescription>
                  {pluralize(p.providersNotReadyCount, 'provider')} without active payouts (not set up, details needed,
                  under review or restricted).
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="divide-y text-sm">
                  {p.providersNotReady.map((r) => (
                    <li key={r.providerId} className="flex flex-wrap justify-between gap-2 py-2">
                      <span>
                        {r.displayName} <span className="text-muted-foreground">{r.email}</span>
                      </span>
                      <span>
                        <Badge variant={r.state === 'restricted' ? 'destructive' : 'secondary'}>
                          {r.state.replace(/_/g, ' ')}
                        </Badge>
                        {r.reason && <span className="ml-2 text-muted-foreground">{r.reason}</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>Failed payouts</h2>
                </CardTitle>
                <CardDescription>
                  Payouts the provider’s bank refused, with Stripe’s reason, listed until one is paid. Each is asked
                  again once the provider’s account can be paid.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {p.failedPayouts.length === 0 ? (
                  <p className="text-muted-foreground">No failed payouts.</p>
                ) : (
                  <ul className="divide-y text-sm">
                    {p.failedPayouts.map((f) => (
                      <li key={f.bookingId} className="flex flex-col gap-0.5 py-2">
                        <span>
                          {money(f.amountCents, f.currency)} to {f.providerName} · {day(f.at)}
                        </span>
                        <span className="text-destructive">
                          {f.failureMessage ?? 'No reason given'}
                          {f.failureCode ? ` (${f.failureCode})` : ''}
                        </span>
                        <span className="text-muted-foreground">
                          {f.askedAgain ? 'Asked again, not paid yet' : 'Waiting for the provider’s bank details'}
                          {f.failures > 1 ? ` · failed ${f.failures} times` : ''}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Refunds after a payout</h2>
              </CardTitle>
              <CardDescription>
                Refunds made after the provider was paid out: Stripe took the provider’s share back from their balance,
                which went negative, and debits Locora for what their next earnings do not cover. The provider was told.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.refundsAfterPayout.length === 0 ? (
                <p className="text-muted-foreground">None.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.refundsAfterPayout.map((r) => (
                    <li
                      key={r.bookingId}
                      className="flex flex-wrap justify-between gap-2 py-2"
                      data-testid="refund-after-payout"
                    >
                      <span>
                        {day(r.at)} · {r.serviceTitle} · {r.providerName}
                      </span>
                      <span className="flex flex-wrap items-center gap-3">
                        <strong className="tabular-nums">−{money(r.amountCents, r.currency)}</strong>
                        <Link
                          className="text-primary underline-offset-4 hover:underline"
                          to={`/admin/payments/bookings/${r.bookingId}`}
                        >
                          Booking
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Differences with Stripe</h2>
              </CardTitle>
              <CardDescription>
                Every day Stripe’s balance transactions are matched with Locora’s ledger. Last run:{' '}
                {p.reconciliation.lastRunAt ? dueText(p.reconciliation.lastRunAt) : 'never'}.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <div>
                <Button variant="outline" size="sm" disabled={reconcile.isPending} onClick={() => reconcile.mutate()}>
                  <RefreshCw aria-hidden="true" />
                  {reconcile.isPending ? 'Reconciling...' : 'Reconcile now'}
                </Button>
              </div>
              {p.reconciliation.differences.length === 0 ? (
                <p className="text-muted-foreground">No differences.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.reconciliation.differences.map((d) => (
                    <DifferenceRow key={d.id} d={d} onExplained={refresh} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Held payouts</h2>
              </CardTitle>
              <CardDescription>
                Payouts waiting while the charge has an open dispute: made if the dispute is won, never if it is lost.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.heldPayouts.length === 0 ? (
                <p className="text-muted-foreground">None.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.heldPayouts.map((h) => (
                    <li
                      key={h.bookingId}
                      className="flex flex-wrap justify-between gap-2 py-2"
                      data-testid="held-payout"
                    >
                      <span>
                        {day(h.since)} · {h.serviceTitle} · {h.providerName} · {(h.reason ?? 'held').replace(/_/g, ' ')}
                      </span>
                      <span className="flex flex-wrap items-center gap-3">
                        {h.amountCents !== null && (
                          <strong className="tabular-nums">
                            {formatMoney(h.amountCents, h.currency as CurrencyCode, locale)}
                          </strong>
                        )}
                        <Link
                          className="text-primary underline-offset-4 hover:underline"
                          to={`/admin/payments/bookings/${h.bookingId}`}
                        >
                          Booking
                        </Link>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Paid before payouts existed</h2>
              </CardTitle>
              <CardDescription>
                Bookings charged with no payouts account: the provider’s share is in Locora’s balance and no payout will
                be made. Pay the provider outside Stripe, then mark the booking settled with how it was paid.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.preConnectOwed.length === 0 ? (
                <p className="text-muted-foreground">None owed.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.preConnectOwed.map((r) => (
                    <PreConnectOwedRow
                      key={r.bookingId}
                      r={r}
                      onSettled={() => void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey })}
                    />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Stripe events with no match</h2>
              </CardTitle>
              <CardDescription>
                Events about a payment, account or payout Locora has no record of, asked again for an hour and then
                flagged here. Look the object up in Stripe’s dashboard.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.unmatchedEvents.length === 0 ? (
                <p className="text-muted-foreground">None.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.unmatchedEvents.map((e) => (
                    <li key={e.eventId} className="flex flex-col gap-0.5 py-2" data-testid="unmatched-event">
                      <span>
                        {e.type} · {e.objectId}
                        {e.accountId ? ` · ${e.accountId}` : ''}
                      </span>
                      <span className="text-muted-foreground">
                        {e.eventId} · came {dueText(e.receivedAt)} · asked {e.attempts} times
                        {e.lastError ? ` · ${e.lastError}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </AdminShell>
  );
}

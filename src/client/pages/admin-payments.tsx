import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { RefreshCw } from '@/components/icons';
import { useState } from 'react';
import type { AdminDispute, AdminPreConnectOwed, PlatformTotals, ReconciliationDifference } from '@shared/api/earnings';
import type { CurrencyCode } from '@shared/domain/currency';
import { formatMonth } from '@shared/domain/earnings';
import { formatMoney } from '@shared/domain/pricing';
import { InlineLoadFailed } from '@/components/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/use-toast';
import { AdminBookingView } from '@/features/admin/admin-booking-view';
import { AdminShell } from '@/features/admin/admin-shell';
import { useAdminPaymentWords } from '@/features/admin/admin-payment-words';
import { paymentDates } from '@/features/admin/payment-dates';
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
import { useBookingStatusLabel } from '@/lib/booking-words';
import { useDocumentTitle } from '@/lib/document-title';
import { useMoney } from '@/lib/format';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { useViewerTimeZone } from '@/lib/viewer-clock';

/** The page's dates in the admin's language and on their clock (payment-dates.ts). */
function usePaymentDates() {
  return paymentDates(useLocale(), useViewerTimeZone());
}

/** A period's money, one block per currency (amounts in different currencies are never added up). */
function TotalsCard({ title, description, lines }: { title: string; description: string; lines: PlatformTotals[] }) {
  const money = useMoney();
  const { t: tr } = useLingui();
  const payments = lines.reduce((n, line) => n + line.payments, 0);
  return (
    <Card className="gap-3" data-testid="platform-totals">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>
          {tr`${plural(payments, { one: '# captured card payment', other: '# captured card payments' })}`} ·{' '}
          {description}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {lines.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <Trans>No money moved.</Trans>
          </p>
        )}
        {lines.map((t) => {
          const unread = t.stripeFeesUnread;
          // Stripe's fees are in the currency of the balance each charge landed in (decision 060):
          // a line shows them only when some are in its currency, or some are not read yet.
          const stripeFees: [string, string][] =
            t.stripeFeeCents > 0 || unread > 0
              ? [
                  [
                    tr`Stripe processing fees`,
                    `${money(t.stripeFeeCents, t.currency)}${unread ? ` ${tr`${plural(unread, { one: '(+# payment not read yet)', other: '(+# payments not read yet)' })}`}` : ''}`,
                  ],
                ]
              : [];
          const rows: [string, string][] = [
            [tr`Volume (gross)`, money(t.grossCents, t.currency)],
            [tr`Locora fees earned`, money(t.feeCents, t.currency)],
            ...stripeFees,
            [tr`Refunds`, money(t.refundedCents, t.currency)],
            [tr`Open disputes`, `${t.openDisputes} · ${money(t.openDisputedCents, t.currency)}`],
          ];
          return (
            <section key={t.currency} aria-label={t.currency} data-testid="platform-totals-currency">
              <h3 className="mb-1 text-sm font-semibold">
                {t.currency} · {tr`${plural(t.payments, { one: '# payment', other: '# payments' })}`}
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
  const { t } = useLingui();
  const words = useAdminPaymentWords();
  const money = useMoney();
  const { at } = usePaymentDates();
  const due = d.dueBy ? at(d.dueBy) : '';
  const loss = money(d.locoraLossCents, d.currency);
  const fee = money(d.feeCents, d.currency);
  return (
    <li className="flex flex-col gap-1 border-b py-3 last:border-b-0" data-testid="admin-dispute">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={d.isOpen ? 'destructive' : d.status === 'lost' ? 'secondary' : 'outline'}>
          {words.status(d.status)}
        </Badge>
        <span className="font-medium">
          {money(d.amountCents, d.currency)} · {d.serviceTitle}
        </span>
        <span className="text-sm text-muted-foreground">
          {d.providerName} · {d.travelerName ?? t`A traveler`} · {words.reason(d.reason)}
        </span>
      </div>
      {d.isOpen && d.dueBy && (
        <p className="text-sm">
          <Trans>Evidence due by {due}</Trans>
        </p>
      )}
      {d.status === 'lost' && (
        <p className="text-sm text-destructive">
          {d.destinationCharge ? (
            <Trans>
              Lost: a destination charge, so Locora’s loss by default — {loss} (the amount and Stripe’s {fee} dispute
              fee).
            </Trans>
          ) : (
            <Trans>
              Lost: Locora’s loss by default — {loss} (the amount and Stripe’s {fee} dispute fee).
            </Trans>
          )}
        </p>
      )}
      <p className="text-sm">
        <Link
          className="text-primary underline-offset-4 hover:underline"
          to={`/admin/payments/bookings/${d.bookingId}`}
        >
          <Trans>Booking and messages</Trans>
        </Link>
      </p>
    </li>
  );
}

/** A small booking's money: what was paid, Locora's fee, Stripe's fee and what Locora lost. */
function SmallBookingMoney({
  paid,
  fee,
  stripeFee,
  shortfall,
}: {
  paid: string;
  fee: string;
  stripeFee: string;
  shortfall: string;
}) {
  return (
    <Trans>
      paid {paid}, fee {fee}, Stripe {stripeFee}: <strong>−{shortfall}</strong>
    </Trans>
  );
}

/** A booking paid before payouts existed: what its provider is owed, and settling it by hand with a note. */
function PreConnectOwedRow({ r, onSettled }: { r: AdminPreConnectOwed; onSettled: () => void }) {
  const locale = useLocale();
  const { day } = usePaymentDates();
  const statusLabel = useBookingStatusLabel();
  const { toast } = useToast();
  const { t } = useLingui();
  const [note, setNote] = useState('');
  const settle = useMutation({
    mutationFn: settleByHandRequest,
    onSuccess: () => {
      toast({ title: t`Settled by hand`, description: `${r.serviceTitle} · ${r.providerName}` });
      onSettled();
    },
    onError: (err) => toast({ variant: 'destructive', title: t`Not settled`, description: errorMessage(err, '') }),
  });
  const noteId = `settle-note-${r.bookingId}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="pre-connect-owed">
      <span className="flex flex-wrap justify-between gap-2">
        <span>
          {day(r.date)} · {r.serviceTitle} · {r.providerName} ({r.providerEmail}) · {statusLabel(r.bookingStatus)}
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
          <Trans>How it was settled</Trans>
          <Textarea id={noteId} value={note} maxLength={1000} rows={1} onChange={(e) => setNote(e.target.value)} />
        </label>
        <Button type="submit" variant="outline" size="sm" disabled={settle.isPending || note.trim() === ''}>
          <Trans>Mark settled</Trans>
        </Button>
      </form>
    </li>
  );
}

/** One difference between the ledger and Stripe: both amounts, the cause in plain words, and explaining it. */
function DifferenceRow({ d, onExplained }: { d: ReconciliationDifference; onExplained: () => void }) {
  const locale = useLocale();
  const { day } = usePaymentDates();
  const { toast } = useToast();
  const { t } = useLingui();
  const words = useAdminPaymentWords();
  const [note, setNote] = useState('');
  const explain = useMutation({
    mutationFn: explainDifferenceRequest,
    onSuccess: () => {
      toast({ title: t`Difference explained` });
      onExplained();
    },
    onError: (err) => toast({ variant: 'destructive', title: t`Not saved`, description: errorMessage(err, '') }),
  });
  const amount = (value: number | null, currency: string | null) =>
    value === null || currency === null ? t`none` : formatMoney(value, currency as CurrencyCode, locale);
  const noteId = `explain-note-${d.id}`;
  const stripeAmount = amount(d.stripeAmount, d.stripeCurrency);
  const ledgerAmount = amount(d.ledgerAmount, d.ledgerCurrency);
  const since = day(d.firstSeenAt);
  const explainedNote = d.explained?.note;
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="reconciliation-difference">
      <span className="flex flex-wrap items-center gap-2">
        <Badge variant={d.explained ? 'outline' : 'destructive'}>
          {d.explained ? <Trans>explained</Trans> : <Trans>open</Trans>}
        </Badge>
        <span className="font-medium">{d.causeText}</span>
      </span>
      <span className="text-muted-foreground">
        {words.movement(d.category)} · {d.objectId} ·{' '}
        <Trans>
          Stripe {stripeAmount} · Ledger {ledgerAmount} · since {since}
        </Trans>
        {d.bookingId && (
          <>
            {' · '}
            <Link className="text-primary underline underline-offset-4" to={`/admin/payments/bookings/${d.bookingId}`}>
              <Trans>Booking</Trans>
            </Link>
          </>
        )}
      </span>
      {d.explained ? (
        <span>
          <Trans>Note: {explainedNote}</Trans>
        </span>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            explain.mutate({ id: d.id, note });
          }}
        >
          <label className="flex flex-1 flex-col gap-1 text-sm" htmlFor={noteId}>
            <Trans>What explains it</Trans>
            <Textarea id={noteId} value={note} maxLength={1000} rows={1} onChange={(e) => setNote(e.target.value)} />
          </label>
          <Button type="submit" variant="outline" size="sm" disabled={explain.isPending || note.trim() === ''}>
            <Trans>Mark explained</Trans>
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
  const { t } = useLingui();
  const words = useAdminPaymentWords();
  useDocumentTitle(t`Payments`);
  const money = useMoney();
  const payments = useQuery(adminPaymentsQuery);
  const queryClient = useQueryClient();
  const { toast } = useToast();
  useRealtimeEvents((event) => {
    if (event.type === 'booking') void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
  });
  const locale = useLocale();
  const { day, at, zone } = usePaymentDates();
  const readFees = useMutation({
    mutationFn: readStripeFeesRequest,
    onSuccess: ({ read, failed, left }) => {
      toast({ title: t`Stripe fees read`, description: t`${read} read, ${failed} failed, ${left} left.` });
      void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: t`Failed to read Stripe fees`, description: errorMessage(err, '') }),
  });
  const reconcile = useMutation({
    mutationFn: reconcileRequest,
    onSuccess: ({ read, differences }) => {
      toast({ title: t`Reconciled with Stripe`, description: t`${read} read, ${differences} differences open.` });
      void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
    },
    onError: (err) =>
      toast({ variant: 'destructive', title: t`Reconciliation failed`, description: errorMessage(err, '') }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminPaymentsQuery.queryKey });
  const p = payments.data;
  // The months in the reader's language ('novembro de 2026', '2026年11月').
  const monthLabel = p ? formatMonth(p.months.thisMonth, locale) : '';
  const lastMonthLabel = p ? formatMonth(p.months.lastMonth, locale) : '';
  const lastRun = p?.reconciliation.lastRunAt ? at(p.reconciliation.lastRunAt) : t`never`;
  return (
    <AdminShell title={t`Payments`} description={t`Volume, fees, refunds, disputes and providers’ payouts.`}>
      {payments.isError && <InlineLoadFailed what={t`the payments`} onRetry={() => void payments.refetch()} />}
      {!p && !payments.isError && <Skeleton className="h-48 w-full" />}
      {p && (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <TotalsCard
              title={t`This month (${monthLabel}, UTC)`}
              description={t`by the day each card was charged`}
              lines={p.thisMonth}
            />
            <TotalsCard
              title={t`Last month (${lastMonthLabel}, UTC)`}
              description={t`by the day each card was charged`}
              lines={p.lastMonth}
            />
            <TotalsCard title={t`All time`} description={t`one line per currency`} lines={p.allTime} />
          </div>
          <p className="text-sm text-muted-foreground" data-testid="payments-time-zone">
            <Trans>Dates and times are in your time zone, {zone}. The months are counted in UTC.</Trans>
          </p>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Stripe takes its processing fee in the currency of the balance a charge lands in (Locora’s, unless the
              charge was settled in the provider’s country), so each fee is on the line of that currency.
            </Trans>
          </p>
          {p.allTime.some((t) => t.stripeFeesUnread > 0) && (
            <div>
              <Button variant="outline" size="sm" disabled={readFees.isPending} onClick={() => readFees.mutate()}>
                <RefreshCw aria-hidden="true" />
                {readFees.isPending ? <Trans>Reading...</Trans> : <Trans>Read Stripe fees now</Trans>}
              </Button>
            </div>
          )}
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>
                  <Trans>Disputes</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Open disputes with their evidence deadline, and lost ones. With destination charges Stripe takes a
                  disputed amount and its fee from Locora’s balance.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.disputes.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>No open or lost disputes.</Trans>
                </p>
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
                <h2>
                  <Trans>Small bookings</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>Bookings on which Locora’s fee does not cover Stripe’s processing fee.</Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.smallBookings.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>None: every fee read covers Stripe’s.</Trans>
                </p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.smallBookings.map((b) => (
                    <li key={b.bookingId} className="flex flex-wrap justify-between gap-2 py-2">
                      <span>
                        {day(b.date)} · {b.serviceTitle} · {b.providerName}
                      </span>
                      <span className="tabular-nums">
                        <SmallBookingMoney
                          paid={money(b.grossCents, b.currency)}
                          fee={money(b.feeCents, b.currency)}
                          stripeFee={money(b.stripeFeeCents, b.stripeFeeCurrency)}
                          shortfall={money(b.shortfallCents, b.stripeFeeCurrency)}
                        />
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
                  <h2>
                    <Trans>Payouts not ready</Trans>
                  </h2>
                </CardTitle>
                <CardDescription>
                  {t`${plural(p.providersNotReadyCount, { one: '# provider without active payouts (not set up, details needed, under review or restricted).', other: '# providers without active payouts (not set up, details needed, under review or restricted).' })}`}
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
                          {words.accountState(r.state)}
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
                  <h2>
                    <Trans>Failed payouts</Trans>
                  </h2>
                </CardTitle>
                <CardDescription>
                  <Trans>
                    Payouts the provider’s bank refused, with Stripe’s reason, listed until one is paid. Each is asked
                    again once the provider’s account can be paid.
                  </Trans>
                </CardDescription>
              </CardHeader>
              <CardContent>
                {p.failedPayouts.length === 0 ? (
                  <p className="text-muted-foreground">
                    <Trans>No failed payouts.</Trans>
                  </p>
                ) : (
                  <ul className="divide-y text-sm">
                    {p.failedPayouts.map((f) => (
                      <li key={f.bookingId} className="flex flex-col gap-0.5 py-2">
                        <span>
                          {t`${money(f.amountCents, f.currency)} to ${f.providerName}`} · {day(f.at)}
                        </span>
                        <span className="text-destructive">
                          {f.failureMessage ?? t`No reason given`}
                          {f.failureCode ? ` (${f.failureCode})` : ''}
                        </span>
                        <span className="text-muted-foreground">
                          {f.askedAgain ? t`Asked again, not paid yet` : t`Waiting for the provider’s bank details`}
                          {f.failures > 1 ? ` · ${t`failed ${f.failures} times`}` : ''}
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
                <h2>
                  <Trans>Refunds after a payout</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Refunds made after the provider was paid out: Stripe took the provider’s share back from their
                  balance, which went negative, and debits Locora for what their next earnings do not cover. The
                  provider was told.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.refundsAfterPayout.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>None.</Trans>
                </p>
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
                          <Trans>Booking</Trans>
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
                <h2>
                  <Trans>Differences with Stripe</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Every day Stripe’s balance transactions are matched with Locora’s ledger. Last run: {lastRun}.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <div>
                <Button variant="outline" size="sm" disabled={reconcile.isPending} onClick={() => reconcile.mutate()}>
                  <RefreshCw aria-hidden="true" />
                  {reconcile.isPending ? <Trans>Reconciling...</Trans> : <Trans>Reconcile now</Trans>}
                </Button>
              </div>
              {p.reconciliation.differences.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>No differences.</Trans>
                </p>
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
                <h2>
                  <Trans>Held payouts</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Payouts waiting while the charge has an open dispute: made if the dispute is won, never if it is lost.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.heldPayouts.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>None.</Trans>
                </p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.heldPayouts.map((h) => (
                    <li
                      key={h.bookingId}
                      className="flex flex-wrap justify-between gap-2 py-2"
                      data-testid="held-payout"
                    >
                      <span>
                        {day(h.since)} · {h.serviceTitle} · {h.providerName} ·{' '}
                        {h.reason ? words.heldReason(h.reason) : t`held`}
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
                          <Trans>Booking</Trans>
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
                <h2>
                  <Trans>Paid before payouts existed</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Bookings charged with no payouts account: the provider’s share is in Locora’s balance and no payout
                  will be made. Pay the provider outside Stripe, then mark the booking settled with how it was paid.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.preConnectOwed.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>None owed.</Trans>
                </p>
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
                <h2>
                  <Trans>Stripe events with no match</Trans>
                </h2>
              </CardTitle>
              <CardDescription>
                <Trans>
                  Events about a payment, account or payout Locora has no record of, asked again for an hour and then
                  flagged here. Look the object up in Stripe’s dashboard.
                </Trans>
              </CardDescription>
            </CardHeader>
            <CardContent>
              {p.unmatchedEvents.length === 0 ? (
                <p className="text-muted-foreground">
                  <Trans>None.</Trans>
                </p>
              ) : (
                <ul className="divide-y text-sm">
                  {p.unmatchedEvents.map((e) => (
                    <li key={e.eventId} className="flex flex-col gap-0.5 py-2" data-testid="unmatched-event">
                      <span>
                        {e.type} · {e.objectId}
                        {e.accountId ? ` · ${e.accountId}` : ''}
                      </span>
                      <span className="text-muted-foreground">
                        {e.eventId} · {t`came ${at(e.receivedAt)} · asked ${e.attempts} times`}
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

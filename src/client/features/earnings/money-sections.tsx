import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, ShieldAlert, TriangleAlert, Undo2 } from 'lucide-react';
import type { EarningRow, EarningTotalsView, Payout } from '@shared/api/earnings';
import { EARNING_STATUS_LABELS, type EarningStatus } from '@shared/domain/earnings';
import { PAYOUT_RETRY_NOTE } from '@shared/domain/payout-failures';
import { formatDateIn, zoneLabel } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { pluralize, useMoney } from '@/lib/format';
import { fromStripeCurrency, type CurrencyCode } from '@shared/domain/currency';
import { useRealtimeEvents } from '@/lib/realtime';
import { EARNINGS_CSV_URL, earningsQuery, providerPayoutsQuery } from './earnings-api';

const STATUS_VARIANT: Record<EarningStatus, 'default' | 'secondary' | 'destructive' | 'outline' | 'soft'> = {
  authorised: 'outline',
  captured: 'soft',
  paid_out: 'default',
  refunded: 'secondary',
  disputed: 'destructive',
  direct: 'outline',
};

const PAYOUT_STATUS: Record<string, string> = {
  paid: 'Paid',
  in_transit: 'In transit',
  pending: 'Pending',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** A period's totals, in the one currency all the provider's bookings are in (never summed across currencies). */
function Totals({ label, totals, currency }: { label: string; totals: EarningTotalsView; currency: CurrencyCode }) {
  const format = useMoney();
  const money = (cents: number) => format(cents, currency);
  return (
    <li className="flex flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-bold" data-testid={`earnings-${label.toLowerCase().replace(/ /g, '-')}`}>
        {money(totals.netCents)}
      </p>
      <p className="text-xs text-muted-foreground">
        Net of {money(totals.grossCents)} paid, less {money(totals.feeCents)} Locora fee ·{' '}
        {pluralize(totals.bookings, 'booking')}
      </p>
    </li>
  );
}

function EarningsTable({ rows, timeZone }: { rows: EarningRow[]; timeZone: string }) {
  const format = useMoney();
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Earnings per booking</caption>
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Service
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Traveler
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Gross
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Locora fee
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Net
            </th>
            <th scope="col" className="py-2 font-medium">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.bookingId} className="border-b last:border-b-0" data-testid="earning-row">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateIn(new Date(r.date), timeZone)}</td>
              <td className="py-2 pr-3">{r.serviceTitle}</td>
              <td className="py-2 pr-3">{r.travelerName}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{format(r.grossCents, r.currency)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{format(r.feeCents, r.currency)}</td>
              <td className="py-2 pr-3 text-right font-medium tabular-nums">{format(r.netCents, r.currency)}</td>
              <td className="py-2">
                <Badge variant={STATUS_VARIANT[r.status]}>{EARNING_STATUS_LABELS[r.status]}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Earnings: totals (this month, last month, all time on the provider's clock), disputes, per booking, CSV. */
export function EarningsSection({ baseCity = null }: { baseCity?: string | null }) {
  const format = useMoney();
  const earnings = useQuery(earningsQuery);
  if (earnings.isError) return <InlineLoadFailed what="your earnings" onRetry={() => void earnings.refetch()} />;
  const e = earnings.data;
  const openDisputes = e?.disputes.filter((d) => d.isOpen) ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle asChild>
            <h2>Earnings</h2>
          </CardTitle>
          <CardDescription>
            What travelers paid, Locora’s 5% fee and your net, per booking. Totals count paid and completed bookings, as
            the Revenue card does (your net).
            {e ? ` Dates in your time zone, ${zoneLabel(e.timeZone, new Date(), [baseCity])}.` : ''}
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={EARNINGS_CSV_URL} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {openDisputes.map((d) => (
          <Alert key={d.bookingId + d.openedAt} variant="destructive">
            <ShieldAlert aria-hidden="true" />
            <AlertTitle>A payment was disputed: {d.serviceTitle}</AlertTitle>
            <AlertDescription>
              <p>
                The traveler’s bank disputed {format(d.amountCents, d.currency)}. Locora answers it with the booking’s
                details and your messages; we will ask you if we need more.
              </p>
            </AlertDescription>
          </Alert>
        ))}
        {e && new Set(e.rows.map((r) => r.currency)).size > 1 ? (
          <p className="text-sm text-muted-foreground" data-testid="earnings-several-currencies">
            Your bookings are in several currencies, so they are not added up: each row shows its own.
          </p>
        ) : e ? (
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Earnings totals">
            <Totals label={`This month`} totals={e.thisMonth.totals} currency={e.rows[0]?.currency ?? e.currency} />
            <Totals label={`Last month`} totals={e.lastMonth.totals} currency={e.rows[0]?.currency ?? e.currency} />
            <Totals label="All time" totals={e.allTime} currency={e.rows[0]?.currency ?? e.currency} />
          </ul>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        {e && e.rows.length === 0 && (
          <p className="py-6 text-center text-muted-foreground">No earnings yet. Paid bookings appear here.</p>
        )}
        {e && e.rows.length > 0 && <EarningsTable rows={e.rows} timeZone={e.timeZone} />}
        {e?.truncated && (
          <p className="text-sm text-muted-foreground">The latest bookings are shown; the CSV has them all.</p>
        )}
      </CardContent>
    </Card>
  );
}

function PayoutList({ payouts }: { payouts: Payout[] }) {
  const format = useMoney();
  if (payouts.length === 0) return <p className="py-4 text-center text-muted-foreground">No payouts yet.</p>;
  return (
    <ul className="divide-y" aria-label="Payouts">
      {payouts.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="payout-row">
          <span className="text-sm">
            {formatDateIn(new Date(p.created), 'UTC')}
            {p.status === 'in_transit' || p.status === 'pending'
              ? ` · arrives ${formatDateIn(new Date(p.arrivalDate), 'UTC')}`
              : ''}
          </span>
          <span className="flex items-center gap-3">
            <span className="font-medium tabular-nums">
              {fromStripeCurrency(p.currency)
                ? format(p.amountCents, fromStripeCurrency(p.currency)!)
                : `${p.amountCents} ${p.currency.toUpperCase()}`}
            </span>
            <Badge variant={p.status === 'failed' ? 'destructive' : p.status === 'paid' ? 'default' : 'secondary'}>
              {PAYOUT_STATUS[p.status] ?? p.status}
            </Badge>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Payouts to the provider's bank, as Stripe lists them, and any failure with Stripe's reason. */
export function PayoutsSection() {
  const format = useMoney();
  const payouts = useQuery(providerPayoutsQuery);
  if (payouts.isError) return <InlineLoadFailed what="your payouts" onRetry={() => void payouts.refetch()} />;
  const p = payouts.data;
  // Without card payments there is nothing Stripe pays out (the account card above says so).
  if (p && !p.configured) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Payouts</h2>
        </CardTitle>
        <CardDescription>Money sent from your Stripe balance to your bank (dates in UTC).</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {p?.failed.map((f) => (
          <Alert key={`${f.payoutId ?? ''}${f.at}`} variant="destructive" data-testid="failed-payout">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle>
              {f.askedAgain
                ? `A payout of ${format(f.amountCents, f.currency)} failed and is being paid again`
                : `A payout of ${format(f.amountCents, f.currency)} failed`}
            </AlertTitle>
            <AlertDescription>
              <p>
                Stripe says: {f.failureMessage}
                {f.failureCode ? ` (${f.failureCode.replace(/_/g, ' ')})` : ''}.
              </p>
              {f.askedAgain ? (
                <p>Your account can be paid again: Locora asked Stripe to pay it again.</p>
              ) : (
                <>
                  <p>What to do: {f.advice}</p>
                  <p>{PAYOUT_RETRY_NOTE}</p>
                </>
              )}
            </AlertDescription>
          </Alert>
        ))}
        {p?.takenBack.map((r) => (
          <Alert key={r.bookingId} data-testid="refund-after-payout">
            <Undo2 aria-hidden="true" />
            <AlertTitle>A refund took back {format(r.amountCents, r.currency)} after your payout</AlertTitle>
            <AlertDescription>
              <p>
                The traveler of {r.serviceTitle} was refunded after your payout for it was made. Your share,{' '}
                {format(r.amountCents, r.currency)}, was taken back from your Stripe balance, which is short by that
                much until your next earnings cover it.
              </p>
            </AlertDescription>
          </Alert>
        ))}
        {!p && <Skeleton className="h-16 w-full" />}
        {p && p.configured && !p.hasAccount && (
          <p className="text-muted-foreground">Set up payouts above to be paid for your bookings.</p>
        )}
        {p?.unavailable && <p className="text-muted-foreground">{p.unavailable}</p>}
        {p?.payouts && p.hasAccount && <PayoutList payouts={p.payouts} />}
      </CardContent>
    </Card>
  );
}

/** The Payouts tab's money: earnings, then payouts. Reloads on a live booking or dispute update. */
/** The provider's base city names their zone when it lies in it ('Lisbon (UTC)'). */
export function MoneySections({ baseCity = null }: { baseCity?: string | null }) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type !== 'booking') return;
    void queryClient.invalidateQueries({ queryKey: earningsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: providerPayoutsQuery.queryKey });
  });
  return (
    <div className="flex flex-col gap-4">
      <EarningsSection baseCity={baseCity} />
      <PayoutsSection />
    </div>
  );
}

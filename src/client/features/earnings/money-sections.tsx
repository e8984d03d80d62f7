import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, ShieldAlert, TriangleAlert, Undo2 } from '@/components/icons';
import type { EarningPeriod, EarningRow, EarningTotalsView, Payout } from '@shared/api/earnings';
import { fromStripeCurrency, type CurrencyCode } from '@shared/domain/currency';
import { formatMonth, type EarningStatus } from '@shared/domain/earnings';
import { formatDateIn, zoneLabel } from '@shared/domain/time';
import { InlineLoadFailed } from '@/components/load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { CardDescription, CardHeader, CardTitle } from '@/components/ui/card-parts';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoney } from '@/lib/format';
import { useLocale } from '@/lib/locale';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { EARNINGS_CSV_URL, earningsQuery, providerPayoutsQuery } from './earnings-api';

const STATUS_VARIANT: Record<EarningStatus, 'default' | 'secondary' | 'destructive' | 'outline' | 'soft'> = {
  authorised: 'outline',
  captured: 'soft',
  paid_out: 'default',
  refunded: 'secondary',
  disputed: 'destructive',
  direct: 'outline',
};

/**
 * The red notices (a dispute, a failed payout) in the dark theme: the destructive colour on its
 * faint red ground falls under 4.5:1, so there the words take the foreground colour, and the icon
 * and the border carry the red.
 */
const READABLE_IN_DARK =
  'dark:text-foreground dark:*:data-[slot=alert-description]:text-foreground dark:[&>svg]:text-destructive';

/** What a booking's money is doing, in the reader's language. */
function useStatusLabels(): Record<EarningStatus, string> {
  const { t } = useLingui();
  return {
    authorised: t`Authorised`,
    captured: t`Captured`,
    refunded: t`Refunded`,
    disputed: t`Disputed`,
    paid_out: t`Paid out`,
    direct: t`No card payment`,
  };
}

/** Stripe's payout statuses, in the reader's language. */
function usePayoutStatusLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    paid: t`Paid`,
    in_transit: t`In transit`,
    pending: t`Pending`,
    failed: t`Failed`,
    canceled: t`Canceled`,
  };
}

/** One currency's line of a total: the net, large, and what it is made of. */
function TotalsLine({ totals, testId }: { totals: EarningTotalsView; testId: string }) {
  const format = useMoney();
  const gross = format(totals.grossCents, totals.currency);
  const fee = format(totals.feeCents, totals.currency);
  const bookings = totals.bookings;
  return (
    <div data-testid={testId} data-currency={totals.currency}>
      <p className="text-2xl font-bold tabular-nums">{format(totals.netCents, totals.currency)}</p>
      <p className="text-xs text-muted-foreground">
        <Trans>
          Net of {gross} paid, less {fee} Locora fee · <Plural value={bookings} one="# booking" other="# bookings" />
        </Trans>
      </p>
    </div>
  );
}

/** Per-currency lines (never added across currencies); a zero in the provider's currency when there are none. */
function TotalsLines({
  lines,
  currency,
  testId,
}: {
  lines: EarningTotalsView[];
  currency: CurrencyCode;
  testId: string;
}) {
  const shown = lines.length > 0 ? lines : [{ currency, grossCents: 0, feeCents: 0, netCents: 0, bookings: 0 }];
  return (
    <div className="flex flex-col gap-2">
      {shown.map((line) => (
        <TotalsLine key={line.currency} totals={line} testId={testId} />
      ))}
    </div>
  );
}

function Labelled({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-medium">
        {label} <span className="font-normal text-muted-foreground">({hint})</span>
      </p>
      {children}
    </div>
  );
}

/** A month: earned (its services) and charged (its card payments), each labelled. */
function PeriodCard({
  title,
  period,
  currency,
  testId,
}: {
  title: string;
  period: EarningPeriod;
  currency: CurrencyCode;
  testId: string;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const month = formatMonth(period.month, locale);
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid={testId}>
      <p className="text-sm text-muted-foreground">
        {title} · {month}
      </p>
      <Labelled label={t`Earned`} hint={t`by the service’s date`}>
        <TotalsLines lines={period.earned} currency={currency} testId={`${testId}-earned`} />
      </Labelled>
      <Labelled label={t`Charged`} hint={t`by the day the card was charged`}>
        <TotalsLines lines={period.charged} currency={currency} testId={`${testId}-charged`} />
      </Labelled>
    </li>
  );
}

/** A phone: each booking as a card, every amount in view. */
function EarningCards({ rows, timeZone }: { rows: EarningRow[]; timeZone: string }) {
  const { t } = useLingui();
  const format = useMoney();
  const locale = useLocale();
  const labels = useStatusLabels();
  return (
    <ul className="flex flex-col gap-3 sm:hidden" aria-label={t`Earnings per booking`}>
      {rows.map((r) => {
        const amounts: [string, string][] = [
          [t`Gross`, format(r.grossCents, r.currency)],
          ...(r.refundedCents > 0 ? [[t`Refunded`, format(r.refundedCents, r.currency)] as [string, string]] : []),
          [t`Locora fee`, format(r.feeCents, r.currency)],
          [t`Net`, format(r.netCents, r.currency)],
        ];
        return (
          <li key={r.bookingId} className="flex flex-col gap-2 rounded-lg border p-3" data-testid="earning-card">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{r.serviceTitle}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDateIn(new Date(r.date), timeZone, locale)} · {r.travelerName ?? t`A traveler`}
                </p>
              </div>
              <Badge variant={STATUS_VARIANT[r.status]}>{labels[r.status]}</Badge>
            </div>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm">
              {amounts.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd className="text-right tabular-nums">{v}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

/** From a small tablet up: a table, one row per booking. */
function EarningsTable({ rows, timeZone }: { rows: EarningRow[]; timeZone: string }) {
  const { t } = useLingui();
  const format = useMoney();
  const locale = useLocale();
  const labels = useStatusLabels();
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">
          <Trans>Earnings per booking</Trans>
        </caption>
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-2 pr-3 font-medium">
              <Trans>Date</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              <Trans>Service</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              <Trans>Traveler</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <Trans>Gross</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <Trans>Refunded</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <Trans>Locora fee</Trans>
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <Trans>Net</Trans>
            </th>
            <th scope="col" className="py-2 font-medium">
              <Trans>Status</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.bookingId} className="border-b last:border-b-0" data-testid="earning-row">
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateIn(new Date(r.date), timeZone, locale)}</td>
              <td className="py-2 pr-3">{r.serviceTitle}</td>
              <td className="py-2 pr-3">{r.travelerName ?? t`A traveler`}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{format(r.grossCents, r.currency)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {r.refundedCents > 0 ? format(r.refundedCents, r.currency) : '—'}
              </td>
              <td className="py-2 pr-3 text-right tabular-nums">{format(r.feeCents, r.currency)}</td>
              <td className="py-2 pr-3 text-right font-medium tabular-nums">{format(r.netCents, r.currency)}</td>
              <td className="py-2">
                <Badge variant={STATUS_VARIANT[r.status]}>{labels[r.status]}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The provider's zone as they know it ('Lisbon (UTC)'), named by their base city when it lies in it. */
function useZoneName(timeZone: string | undefined, baseCity: string | null): string | null {
  const locale = useLocale();
  return timeZone ? zoneLabel(timeZone, new Date(), [baseCity], locale) : null;
}

/** Earnings: earned and charged per month (on the provider's clock), all time, disputes, per booking, CSV. */
export function EarningsSection({ baseCity = null }: { baseCity?: string | null }) {
  const { t } = useLingui();
  const format = useMoney();
  const earnings = useQuery(earningsQuery);
  const e = earnings.data;
  const zone = useZoneName(e?.timeZone, baseCity);
  if (earnings.isError) return <InlineLoadFailed what={t`your earnings`} onRetry={() => void earnings.refetch()} />;
  const openDisputes = e?.disputes.filter((d) => d.isOpen) ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle asChild>
            <h2>
              <Trans>Earnings</Trans>
            </h2>
          </CardTitle>
          <CardDescription>
            <Trans>
              What travelers paid, what went back to them, Locora’s 5% fee and your net, per booking. A refunded
              booking’s net is what you kept. Earned counts the services of a month, charged the cards charged in it.
            </Trans>
            {zone ? ' ' : ''}
            {zone ? <Trans>Dates in your time zone, {zone}.</Trans> : null}
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={EARNINGS_CSV_URL} download>
            <Download aria-hidden="true" />
            <Trans>Download CSV</Trans>
          </a>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {openDisputes.map((d) => {
          const title = d.serviceTitle;
          const amount = format(d.amountCents, d.currency);
          return (
            <Alert
              key={d.bookingId + d.openedAt}
              variant="destructive"
              className={READABLE_IN_DARK}
              data-testid="dispute-notice"
            >
              <ShieldAlert aria-hidden="true" />
              <AlertTitle>
                <Trans>A payment was disputed: {title}</Trans>
              </AlertTitle>
              <AlertDescription>
                <p>
                  <Trans>
                    The traveler’s bank disputed {amount}. Locora answers it with the booking’s details and your
                    messages; we will ask you if we need more.
                  </Trans>
                </p>
              </AlertDescription>
            </Alert>
          );
        })}
        {e ? (
          <ul className="grid gap-3 lg:grid-cols-3" aria-label={t`Earnings totals`}>
            <PeriodCard title={t`This month`} period={e.thisMonth} currency={e.currency} testId="earnings-this-month" />
            <PeriodCard title={t`Last month`} period={e.lastMonth} currency={e.currency} testId="earnings-last-month" />
            <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="earnings-all-time">
              <p className="text-sm text-muted-foreground">
                <Trans>All time</Trans>
              </p>
              <Labelled label={t`Earned`} hint={t`every booking so far`}>
                <TotalsLines lines={e.allTime} currency={e.currency} testId="earnings-all-time-earned" />
              </Labelled>
            </li>
          </ul>
        ) : (
          <Skeleton className="h-24 w-full" />
        )}
        {e && e.rows.length === 0 && (
          <p className="py-6 text-center text-muted-foreground">
            <Trans>No earnings yet. Paid bookings appear here.</Trans>
          </p>
        )}
        {e && e.rows.length > 0 && (
          <>
            <EarningsTable rows={e.rows} timeZone={e.timeZone} />
            <EarningCards rows={e.rows} timeZone={e.timeZone} />
          </>
        )}
        {e?.truncated && (
          <p className="text-sm text-muted-foreground">
            <Trans>The latest bookings are shown; the CSV has them all.</Trans>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function PayoutList({ payouts, timeZone }: { payouts: Payout[]; timeZone: string }) {
  const { t } = useLingui();
  const format = useMoney();
  const locale = useLocale();
  const labels = usePayoutStatusLabels();
  if (payouts.length === 0)
    return (
      <p className="py-4 text-center text-muted-foreground">
        <Trans>No payouts yet.</Trans>
      </p>
    );
  return (
    <ul className="divide-y" aria-label={t`Payouts`}>
      {payouts.map((p) => {
        const created = formatDateIn(new Date(p.created), timeZone, locale);
        const arrives = formatDateIn(new Date(p.arrivalDate), timeZone, locale);
        const currency = fromStripeCurrency(p.currency);
        return (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="payout-row">
            <span className="text-sm">
              {p.status === 'in_transit' || p.status === 'pending' ? (
                <Trans>
                  {created} · arrives {arrives}
                </Trans>
              ) : (
                created
              )}
            </span>
            <span className="flex items-center gap-3">
              <span className="font-medium tabular-nums">
                {currency ? format(p.amountCents, currency) : `${p.amountCents} ${p.currency.toUpperCase()}`}
              </span>
              <Badge variant={p.status === 'failed' ? 'destructive' : p.status === 'paid' ? 'default' : 'secondary'}>
                {labels[p.status] ?? p.status}
              </Badge>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Payouts to the provider's bank, as Stripe lists them (dates on the provider's clock), and any failure. */
export function PayoutsSection({ baseCity = null }: { baseCity?: string | null }) {
  const { t } = useLingui();
  const format = useMoney();
  const locale = useLocale();
  const payouts = useQuery(providerPayoutsQuery);
  // The provider's zone comes with their earnings (one request, shared with the section above).
  const earnings = useQuery(earningsQuery);
  const timeZone = earnings.data?.timeZone ?? (earnings.isError ? 'UTC' : undefined);
  const zone = useZoneName(timeZone, baseCity);
  if (payouts.isError) return <InlineLoadFailed what={t`your payouts`} onRetry={() => void payouts.refetch()} />;
  const p = payouts.data;
  // Without card payments there is nothing Stripe pays out (the account card above says so).
  if (p && !p.configured) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>
            <Trans>Payouts</Trans>
          </h2>
        </CardTitle>
        <CardDescription>
          <Trans>Money sent from your Stripe balance to your bank.</Trans>
          {zone ? ' ' : ''}
          {zone ? <Trans>Dates in your time zone, {zone}.</Trans> : null}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {p?.failed.map((f) => {
          const amount = format(f.amountCents, f.currency);
          const stripeSays = f.failureMessage;
          const code = f.failureCode ? ` (${f.failureCode.replace(/_/g, ' ')})` : '';
          const advice = f.advice;
          const on = timeZone ? formatDateIn(new Date(f.at), timeZone, locale) : null;
          return (
            <Alert
              key={`${f.payoutId ?? ''}${f.at}`}
              variant="destructive"
              className={READABLE_IN_DARK}
              data-testid="failed-payout"
            >
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>
                {f.askedAgain ? (
                  <Trans>A payout of {amount} failed and is being paid again</Trans>
                ) : (
                  <Trans>A payout of {amount} failed</Trans>
                )}
                {on ? ` · ${on}` : ''}
              </AlertTitle>
              <AlertDescription>
                <p>
                  <Trans>
                    Stripe says: {stripeSays}
                    {code}.
                  </Trans>
                </p>
                {f.askedAgain ? (
                  <p>
                    <Trans>Your account can be paid again: Locora asked Stripe to pay it again.</Trans>
                  </p>
                ) : (
                  <>
                    <p>
                      <Trans>What to do: {advice}</Trans>
                    </p>
                    <p>
                      <Trans>
                        Update your bank details with “View payouts on Stripe” on your Payouts tab. Locora asks Stripe
                        to pay it again as soon as your account can be paid; the money stays in your Stripe balance
                        until then.
                      </Trans>
                    </p>
                  </>
                )}
              </AlertDescription>
            </Alert>
          );
        })}
        {p?.takenBack.map((r) => {
          const amount = format(r.amountCents, r.currency);
          const title = r.serviceTitle;
          const on = timeZone ? formatDateIn(new Date(r.at), timeZone, locale) : null;
          return (
            <Alert key={r.bookingId} data-testid="refund-after-payout">
              <Undo2 aria-hidden="true" />
              <AlertTitle>
                <Trans>A refund took back {amount} after your payout</Trans>
                {on ? ` · ${on}` : ''}
              </AlertTitle>
              <AlertDescription>
                <p>
                  <Trans>
                    The traveler of {title} was refunded after your payout for it was made. Your share, {amount}, was
                    taken back from your Stripe balance, which is short by that much until your next earnings cover it.
                  </Trans>
                </p>
              </AlertDescription>
            </Alert>
          );
        })}
        {(!p || !timeZone) && <Skeleton className="h-16 w-full" />}
        {p && p.configured && !p.hasAccount && (
          <p className="text-muted-foreground">
            <Trans>Set up payouts above to be paid for your bookings.</Trans>
          </p>
        )}
        {p?.unavailable && <p className="text-muted-foreground">{p.unavailable}</p>}
        {p?.payouts && p.hasAccount && timeZone && <PayoutList payouts={p.payouts} timeZone={timeZone} />}
      </CardContent>
    </Card>
  );
}

/**
 * The Payouts tab's money: earnings, then payouts. Reloads on a live booking or dispute update.
 * The provider's base city names their zone when it lies in it ('Lisbon (UTC)').
 */
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
      <PayoutsSection baseCity={baseCity} />
    </div>
  );
}

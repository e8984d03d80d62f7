import { useQuery } from '@tanstack/react-query';
import { Banknote, CalendarClock, Star, Store } from '@/components/icons';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRating, useMoneyTotals } from '@/lib/format';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { myProviderQuery, providerStatsQuery } from './workspace-api';

/**
 * docs/product.md: Services, Pending Requests, Rating (one decimal with the review count; 'New'
 * with 'No reviews yet' before the first review, never '0.0'), Revenue (the exact amount, per currency,
 * what the ledger says you kept).
 */
export function StatCards() {
  const stats = useQuery(providerStatsQuery);
  const me = useQuery(myProviderQuery);
  const totals = useMoneyTotals();
  const { t } = useLingui();
  if (stats.isError) return <InlineLoadFailed what={t`your numbers`} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const cards = [
    { key: 'services', label: t`Services`, icon: Store, value: s ? String(s.services) : undefined },
    {
      key: 'pending-requests',
      label: t`Pending Requests`,
      icon: CalendarClock,
      value: s ? String(s.pendingRequests) : undefined,
    },
    {
      key: 'rating',
      label: t`Rating`,
      icon: Star,
      value: s ? (s.ratingCount > 0 ? formatRating(s.rating) : t`New`) : undefined,
      note: s
        ? s.ratingCount > 0
          ? t`${plural(s.ratingCount, { one: '# review', other: '# reviews' })}`
          : t`No reviews yet`
        : undefined,
    },
    // What you kept of your bookings' charges, from the ledger: after refunds and Locora's fee, the
    // Earnings' all-time total (decision 060, addendum).
    {
      key: 'revenue',
      label: t`Revenue`,
      icon: Banknote,
      // One total per currency, never summed across them (decision 047).
      value: s && me.data ? totals(s.revenue, me.data.currency) : undefined,
      note: t`Net, after Locora’s fee`,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t`Your numbers`}>
      {cards.map((c) => (
        <li key={c.key} className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {c.label}
            <c.icon className="size-4" aria-hidden="true" />
          </p>
          <div className="text-2xl font-bold" data-testid={`stat-${c.key}`}>
            {c.value ?? <Skeleton className="h-8 w-16" />}
          </div>
          {c.note && <p className="text-xs text-muted-foreground">{c.note}</p>}
        </li>
      ))}
    </ul>
  );
}

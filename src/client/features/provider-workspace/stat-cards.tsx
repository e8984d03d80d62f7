import { useQuery } from '@tanstack/react-query';
import { Banknote, CalendarClock, Star, Store } from 'lucide-react';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRating, pluralize, useMoneyTotals } from '@/lib/format';
import { myProviderQuery, providerStatsQuery } from './workspace-api';

/**
 * docs/product.md: Services, Pending Requests, Rating (one decimal with the review count; 'New'
 * with 'No reviews yet' before the first review, never '0.0'), Revenue (the exact amount, per currency).
 */
export function StatCards() {
  const stats = useQuery(providerStatsQuery);
  const me = useQuery(myProviderQuery);
  const totals = useMoneyTotals();
  if (stats.isError) return <InlineLoadFailed what="your numbers" onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const cards = [
    { label: 'Services', icon: Store, value: s ? String(s.services) : undefined },
    { label: 'Pending Requests', icon: CalendarClock, value: s ? String(s.pendingRequests) : undefined },
    {
      label: 'Rating',
      icon: Star,
      value: s ? (s.ratingCount > 0 ? formatRating(s.rating) : 'New') : undefined,
      note: s ? (s.ratingCount > 0 ? pluralize(s.ratingCount, 'review') : 'No reviews yet') : undefined,
    },
    // Your net (the subtotal, without Locora's fee): the Earnings total of the same bookings (decision 039).
    {
      label: 'Revenue',
      icon: Banknote,
      // One total per currency, never summed across them (decision 047).
      value: s && me.data ? totals(s.revenue, me.data.currency) : undefined,
      note: 'Net, after Locora’s fee',
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Your numbers">
      {cards.map((c) => (
        <li key={c.label} className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {c.label}
            <c.icon className="size-4" aria-hidden="true" />
          </p>
          <div className="text-2xl font-bold" data-testid={`stat-${c.label.toLowerCase().replace(/ /g, '-')}`}>
            {c.value ?? <Skeleton className="h-8 w-16" />}
          </div>
          {c.note && <p className="text-xs text-muted-foreground">{c.note}</p>}
        </li>
      ))}
    </ul>
  );
}

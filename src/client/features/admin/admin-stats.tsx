import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Clock, Store, UserCheck, Users } from 'lucide-react';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { adminStatsQuery } from './admin-api';

/** docs/product.md: the five stat cards of /admin. */
export function AdminStatCards() {
  const stats = useQuery(adminStatsQuery);
  if (stats.isError) return <InlineLoadFailed what="the numbers" onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const cards = [
    { label: 'Total Users', icon: Users, value: s?.totalUsers },
    { label: 'Total Providers', icon: UserCheck, value: s?.totalProviders },
    { label: 'Total Services', icon: Store, value: s?.totalServices },
    { label: 'Total Bookings', icon: CalendarCheck, value: s?.totalBookings },
    { label: 'Pending Verifications', icon: Clock, value: s?.pendingVerifications },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" aria-label="Platform numbers">
      {cards.map((c) => (
        <li key={c.label} className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {c.label}
            <c.icon className="size-4 shrink-0" aria-hidden="true" />
          </p>
          <div className="text-2xl font-bold" data-testid={`stat-${c.label.toLowerCase().replace(/ /g, '-')}`}>
            {c.value ?? <Skeleton className="h-8 w-16" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

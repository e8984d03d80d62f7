import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Clock, Store, UserCheck, Users } from '@/components/icons';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { adminStatsQuery } from './admin-api';

/** docs/product.md: the five stat cards of /admin. */
export function AdminStatCards() {
  const stats = useQuery(adminStatsQuery);
  const { t } = useLingui();
  if (stats.isError) return <InlineLoadFailed what={t`the numbers`} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  // `id`: the card's test id, the same in every language.
  const cards = [
    { id: 'total-users', label: t`Total Users`, icon: Users, value: s?.totalUsers },
    { id: 'total-providers', label: t`Total Providers`, icon: UserCheck, value: s?.totalProviders },
    { id: 'total-services', label: t`Total Services`, icon: Store, value: s?.totalServices },
    { id: 'total-bookings', label: t`Total Bookings`, icon: CalendarCheck, value: s?.totalBookings },
    { id: 'pending-verifications', label: t`Pending Verifications`, icon: Clock, value: s?.pendingVerifications },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" aria-label={t`Platform numbers`}>
      {cards.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {c.label}
            <c.icon className="size-4 shrink-0" aria-hidden="true" />
          </p>
          <div className="text-2xl font-bold" data-testid={`stat-${c.id}`}>
            {c.value ?? <Skeleton className="h-8 w-16" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

import { Navigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, CalendarX2, Heart, History } from '@/components/icons';
import { signInPath } from '@shared/domain/return-path';
import { InlineLoadFailed } from '@/components/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList } from '@/components/ui/tabs';
import { TabLink, useUrlTabs } from '@/components/url-tabs';
import { favoritesQuery } from '@/features/catalog/favorites';
import { ServiceCard } from '@/features/catalog/service-card';
import { BookingList, DashboardEmptyState } from '@/features/traveler-dashboard/booking-list';
import { invalidateBookings, travelerBookingsQuery } from '@/features/traveler-dashboard/bookings-api';
import { useAuth } from '@/lib/auth-context';
import { useDocumentTitle } from '@/lib/document-title';
import { useRealtimeEvents } from '@/lib/realtime-events';
import { useCurrentPath } from '@/lib/sign-in-address';
import { NotFoundPage } from './not-found';
import { TravelerBookingPage } from './traveler-booking';

/** The tabs, by their `?tab=` value; the first (Upcoming) is the default and has no parameter. */
const TABS = ['upcoming', 'past', 'saved'] as const;

/** The three counters (docs/product.md): each the length of its tab's list. */
function Counters() {
  const upcoming = useQuery(travelerBookingsQuery('upcoming'));
  const past = useQuery(travelerBookingsQuery('past'));
  const saved = useQuery(favoritesQuery);
  const { t } = useLingui();
  // `id`: the counter's test id, the same in every language.
  const cards = [
    {
      id: 'upcoming-bookings',
      label: t`Upcoming Bookings`,
      icon: CalendarCheck,
      count: upcoming.data?.length,
      failed: upcoming.isError,
    },
    { id: 'past-bookings', label: t`Past Bookings`, icon: History, count: past.data?.length, failed: past.isError },
    { id: 'saved-services', label: t`Saved Services`, icon: Heart, count: saved.data?.length, failed: saved.isError },
  ];
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={t`Your numbers`}>
      {cards.map((c) => (
        <li key={c.id} className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
          <p className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {c.label}
            <c.icon className="size-4" aria-hidden="true" />
          </p>
          <div className="text-2xl font-bold" data-testid={`stat-${c.id}`}>
            {c.count !== undefined ? c.count : c.failed ? '–' : <Skeleton className="h-8 w-12" />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function SavedServices() {
  const saved = useQuery(favoritesQuery);
  const { t } = useLingui();
  if (saved.isPending) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t`Loading saved services`}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex flex-col gap-3 rounded-xl border p-4">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton className="h-5 w-3/4" />
          </li>
        ))}
      </ul>
    );
  }
  if (saved.isError) return <InlineLoadFailed what={t`your saved services`} onRetry={() => void saved.refetch()} />;
  if (saved.data.length === 0) {
    return (
      <DashboardEmptyState
        icon={<Heart className="size-10 text-muted-foreground" aria-hidden="true" />}
        title={t`No saved services`}
        hint={t`Tap the heart on a service to keep it here.`}
      />
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Saved services`}>
      {saved.data.map((service) => (
        <li key={service.id}>
          <ServiceCard service={service} />
        </li>
      ))}
    </ul>
  );
}

function TravelerDashboard({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const tabs = useUrlTabs(TABS);
  const { t } = useLingui();

  // A provider accepting, declining or canceling shows here without a reload.
  useRealtimeEvents((event) => {
    if (event.type === 'booking') invalidateBookings(queryClient);
  });

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>My Dashboard</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Welcome back, {name}. Your bookings and saved services.</Trans>
        </p>
      </div>
      <Counters />
      <Tabs value={tabs.value} onValueChange={tabs.onValueChange} className="gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            <TabLink value="upcoming" href={tabs.href('upcoming')}>
              <Trans>Upcoming</Trans>
            </TabLink>
            <TabLink value="past" href={tabs.href('past')}>
              <Trans>Past</Trans>
            </TabLink>
            <TabLink value="saved" href={tabs.href('saved')}>
              <Trans>Saved Services</Trans>
            </TabLink>
          </TabsList>
        </div>
        <TabsContent value="upcoming">
          <BookingList
            status="upcoming"
            empty={
              <DashboardEmptyState
                icon={<CalendarCheck className="size-10 text-muted-foreground" aria-hidden="true" />}
                title={t`No upcoming bookings`}
                hint={t`Find a local service for your next trip.`}
              />
            }
          />
        </TabsContent>
        <TabsContent value="past">
          <BookingList
            status="past"
            empty={
              <DashboardEmptyState
                icon={<CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />}
                title={t`No past bookings`}
                hint={t`Bookings you have had show here, ready for a review.`}
              />
            }
          />
        </TabsContent>
        <TabsContent value="saved">
          <SavedServices />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * /dashboard/traveler, 'My Dashboard' (docs/product.md): signed-in users only; under it,
 * bookings/{id}, one booking's page (the same route and chunk).
 */
export function TravelerDashboardPage() {
  const rest = useParams()['*'] ?? '';
  const bookingId = /^bookings\/([^/]+)\/?$/.exec(rest)?.[1];
  if (bookingId) return <TravelerBookingPage id={bookingId} />;
  if (rest) return <NotFoundPage />;
  return <MyDashboardPage />;
}

function MyDashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Dashboard`);
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();
  if (isLoading) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner className="size-8 text-primary" label={t`Loading your account`} />
      </div>
    );
  }
  // Signed out: to sign in, and back here afterwards (decision 016).
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  return <TravelerDashboard name={user.name || user.email} />;
}

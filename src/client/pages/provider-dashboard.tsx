import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@shared/api/auth-responses';
import { InlineLoadFailed } from '@/components/load-failed';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList } from '@/components/ui/tabs';
import { TabLink, useUrlTabs } from '@/components/url-tabs';
import { AvailabilityPanel } from '@/features/availability/availability-panel';
import { categoriesQuery } from '@/features/catalog/catalog-api';
import { BecomeProviderCard } from '@/features/provider-workspace/become-provider-card';
import { IdDocumentCard } from '@/features/provider-workspace/id-document-card';
import { BookingsTab } from '@/features/provider-workspace/bookings-tab';
import { ProfileTab } from '@/features/provider-workspace/profile-tab';
import { ServicesTab } from '@/features/provider-workspace/services-tab';
import { SetupChecklist } from '@/features/provider-workspace/setup-checklist';
import { StatCards } from '@/features/provider-workspace/stat-cards';
import { myProviderQuery, providerSetupQuery, providerStatsQuery } from '@/features/provider-workspace/workspace-api';
import { useAuth } from '@/lib/auth-context';
import { prefetchProviderTab } from './provider-dashboard-data';
import { useDocumentTitle } from '@/lib/document-title';
import { useCurrentPath } from '@/lib/sign-in-address';
import { signInPath } from '@shared/domain/return-path';
import { Trans, useLingui } from '@lingui/react/macro';

// Loaded with the tab, not with the first page (the server preloads them when it renders the tab).
const loadPayoutsTab = () => import('@/features/payouts/payouts-tab');
/** The money of the Payouts tab, loaded when the tab is opened (decision 039). */
const loadMoneySections = () => import('@/features/earnings/money-sections');
const PayoutsTab = lazy(() => loadPayoutsTab().then((m) => ({ default: m.PayoutsTab })));
const MoneySections = lazy(() => loadMoneySections().then((m) => ({ default: m.MoneySections })));

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-24">{children}</div>;
}

/** The tabs, by their `?tab=` value; the first (Services) is the default and has no parameter. */
const TABS = ['services', 'bookings', 'availability', 'profile', 'payouts'] as const;

function ProviderWorkspace() {
  const { t } = useLingui();
  const provider = useQuery(myProviderQuery);
  const stats = useQuery(providerStatsQuery);
  const categories = useQuery(categoriesQuery);
  const tabs = useUrlTabs(TABS);
  // What was done in a tab (availability added, payouts set up) shows in the checklist on leaving it.
  const queryClient = useQueryClient();
  const shownTab = useRef(tabs.value);
  useEffect(() => {
    if (shownTab.current === tabs.value) return;
    shownTab.current = tabs.value;
    void queryClient.invalidateQueries({ queryKey: providerSetupQuery.queryKey });
  }, [tabs.value, queryClient]);
  // A tab about to be opened (pointer over it, focus, touch) starts loading its code and data, so a
  // click shows the tab with its data instead of starting to ask then.
  const prepareTab = (tab: string) => {
    if (tab === 'payouts') {
      void loadPayoutsTab();
      void loadMoneySections();
    }
    void prefetchProviderTab(queryClient, tab);
  };
  // On a phone the tabs scroll sideways in one row: the selected one is scrolled into view (within the row only).
  const tabRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const active = row?.querySelector<HTMLElement>('[data-state="active"]');
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    const left = active.offsetLeft;
    if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollTo({ left: Math.max(0, left - 16) });
  }, [tabs.value, provider.isSuccess]);

  if (provider.isPending) {
    return (
      <Centered>
        <Spinner className="size-8 text-primary" label={t`Setting up provider profile`} />
        <p className="text-muted-foreground">
          <Trans>Setting up provider profile...</Trans>
        </p>
      </Centered>
    );
  }
  if (provider.isError) {
    return (
      <Centered>
        <InlineLoadFailed what={t`your provider profile`} onRetry={() => void provider.refetch()} />
      </Centered>
    );
  }
  const p = provider.data;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>Provider Dashboard</Trans>
        </h1>
        {/* 'Welcome back' only to a provider who has been here before (a service created, even one since
            deleted, or a booking received: the stats' isNew is false); 'Welcome' otherwise, never wrong. */}
        <p className="text-muted-foreground" data-testid="provider-greeting">
          {stats.data?.isNew === false ? (
            <Trans>Welcome back, {p.displayName}. Manage your services and bookings.</Trans>
          ) : (
            <Trans>Welcome, {p.displayName}. Manage your services and bookings.</Trans>
          )}
        </p>
      </div>
      <SetupChecklist onOpenTab={(tab) => tabs.onValueChange(tab)} />
      <StatCards />
      <Tabs value={tabs.value} onValueChange={tabs.onValueChange} className="gap-4">
        {/* One row that scrolls sideways on a phone (the page itself never does); the selected tab is kept in view. */}
        <div
          ref={tabRow}
          data-testid="provider-tab-row"
          className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
        >
          <TabsList className="inline-flex h-10 w-max flex-nowrap *:h-full *:shrink-0">
            <TabLink value="services" href={tabs.href('services')} onIntent={prepareTab}>
              <Trans>Services</Trans>
            </TabLink>
            <TabLink value="bookings" href={tabs.href('bookings')} onIntent={prepareTab}>
              <Trans>Booking Requests</Trans>
            </TabLink>
            <TabLink value="availability" href={tabs.href('availability')} onIntent={prepareTab}>
              <Trans>Availability</Trans>
            </TabLink>
            <TabLink value="profile" href={tabs.href('profile')} onIntent={prepareTab}>
              <Trans>Profile</Trans>
            </TabLink>
            <TabLink value="payouts" href={tabs.href('payouts')} onIntent={prepareTab}>
              <Trans>Payouts</Trans>
            </TabLink>
          </TabsList>
        </div>
        <TabsContent value="services">
          {categories.isError ? (
            <InlineLoadFailed what={t`the categories`} onRetry={() => void categories.refetch()} />
          ) : (
            <ServicesTab categories={categories.data ?? []} />
          )}
        </TabsContent>
        <TabsContent value="bookings">
          <BookingsTab timeZone={p.timeZone} baseCity={p.baseCity} />
        </TabsContent>
        <TabsContent value="availability">
          <AvailabilityPanel providerId={p.id} timeZone={p.timeZone} baseCity={p.baseCity} />
        </TabsContent>
        <TabsContent value="profile" className="flex flex-col gap-4">
          <IdDocumentCard provider={p} />
          <ProfileTab key={p.id} provider={p} />
        </TabsContent>
        <TabsContent value="payouts" className="flex flex-col gap-4">
          <Suspense fallback={<Spinner className="size-6 text-primary" label={t`Loading your payouts`} />}>
            <PayoutsTab timeZone={p.timeZone} />
          </Suspense>
          <Suspense fallback={<Spinner className="size-6 text-primary" label={t`Loading your earnings`} />}>
            <MoneySections baseCity={p.baseCity} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function NotAProvider({ user }: { user: User }) {
  if (user.role === 'TRAVELER') {
    return (
      <div className="flex flex-1 items-center px-4 py-16">
        <BecomeProviderCard user={user} />
      </div>
    );
  }
  return (
    <Centered>
      <h1 className="text-2xl font-bold">
        <Trans>Provider Dashboard</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>Admin accounts have no provider dashboard.</Trans>
      </p>
      <Button asChild>
        <Link to="/admin">
          <Trans>Go to Admin Panel</Trans>
        </Link>
      </Button>
    </Centered>
  );
}

/** /dashboard/provider (docs/product.md). */
export function ProviderDashboardPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Provider Dashboard`);
  const { user, isLoading } = useAuth();
  const currentPath = useCurrentPath();
  if (isLoading) {
    return (
      <Centered>
        <Spinner className="size-8 text-primary" label={t`Loading your account`} />
      </Centered>
    );
  }
  // Signed out (a session ended in another tab): to sign in, and back here (decision 016).
  if (!user) return <Navigate to={signInPath(currentPath)} replace />;
  if (user.role !== 'PROVIDER') return <NotAProvider user={user} />;
  return <ProviderWorkspace />;
}

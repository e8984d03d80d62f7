import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, LocateFixed, SearchX, SlidersHorizontal, TriangleAlert } from '@/components/icons';
import { DEFAULT_PAGE_SIZE, SORT_OPTIONS } from '@shared/api/catalog-options';
import { BROWSE_SKELETON_COUNT } from '@shared/domain/constants';
import type { WhenWord } from '@shared/domain/query-intent';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { BrowseFilters, FilterChips, type UpdateFilters } from '@/features/catalog/browse-filters';
import { applyFilterPatch } from '@/features/catalog/browse-address';
import { filtersFromParams, type SortOption } from '@/features/catalog/browse-params';
import { historySteps, resultCountText, type BrowseHistoryState } from '@/features/catalog/browse-state';
import {
  categoriesQuery,
  serviceSearchQueryOptions,
  type ServiceFilters,
  type ServicePage,
} from '@/features/catalog/catalog-api';
import { CityCombobox } from '@/features/catalog/city-combobox';
import { PlaceHelp } from '@/features/catalog/place-help';
import { ServiceCard, ServiceCardSkeleton } from '@/features/catalog/service-card';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';
import { useLocale } from '@/lib/locale';

/** The filters in effect besides the sort: search text, city, category and minimum rating. */
function activeFilterCount(filters: ServiceFilters): number {
  return [
    filters.q !== '',
    filters.city !== '',
    filters.date !== '',
    filters.category !== '',
    filters.minRating > 0,
  ].filter(Boolean).length;
}

/** docs/product.md: the sort choices and their labels, in the reader's language. */
const SORT_LABELS: Record<SortOption, MessageDescriptor> = {
  recommended: msg`Recommended`,
  'price-low': msg`Price: Low to High`,
  'price-high': msg`Price: High to Low`,
  rating: msg`Highest Rated`,
};

/** Cards in the first screenful load their photo at once; the rest when scrolled near. */
const EAGER_IMAGES = 4;

const MobileFilters = lazy(() =>
  import('@/features/catalog/mobile-filters').then((m) => ({ default: m.MobileFilters })),
);

/** Page numbers around the current one: 1 … 4 5 6 … 12. */
function pageWindow(current: number, last: number): (number | 'gap')[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

function Pagination({ page, lastPage, params }: { page: number; lastPage: number; params: URLSearchParams }) {
  const { t } = useLingui();
  const to = (p: number) => {
    const search = applyFilterPatch(params, { page: p }).toString();
    return { search: search ? `?${search}` : '' };
  };
  const linkClass =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-md border border-input bg-background px-3 text-sm font-medium shadow-xs outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:bg-input/20 dark:hover:bg-input/40';
  const disabledClass = 'pointer-events-none opacity-50';
  return (
    <nav aria-label={t`Pagination`} className="mt-10 flex items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span className={cn(linkClass, disabledClass)} aria-disabled="true">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <Trans>Previous</Trans>
        </span>
      )}
      <ul className="hidden items-center gap-1 sm:flex">
        {pageWindow(page, lastPage).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={to(p)}
                aria-label={t`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={cn(
                  linkClass,
                  'px-2',
                  p === page &&
                    'border-primary bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground dark:bg-primary dark:hover:bg-primary/90',
                )}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      <p className="px-2 text-sm text-muted-foreground sm:hidden">
        <Trans>
          Page {page} of {lastPage}
        </Trans>
      </p>
      {page < lastPage ? (
        <Link to={to(page + 1)} className={linkClass} rel="next">
          <Trans>Next</Trans>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span className={cn(linkClass, disabledClass)} aria-disabled="true">
          <Trans>Next</Trans>
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}

/**
 * The results area: six skeleton cards while a first search loads (nothing to show yet); the
 * previous results dimmed and marked busy while a later one loads; then the cards, the error
 * or an empty state.
 */
export function BrowseResults({
  data,
  isPending,
  isSearching,
  isError,
  filters,
  params,
  onRetry,
  onClearFilters,
  onChooseCity,
}: {
  data: ServicePage | undefined;
  /** No result of any search yet. */
  isPending: boolean;
  /** A search is loading (the first, or a later one while the previous results stay on screen). */
  isSearching: boolean;
  isError: boolean;
  filters: ServiceFilters;
  params: URLSearchParams;
  onRetry: () => void;
  onClearFilters: () => void;
  onChooseCity: (city: string) => void;
}) {
  const { t } = useLingui();
  const total = data?.total ?? 0;
  const isPageFull = (data?.services.length ?? 0) >= DEFAULT_PAGE_SIZE;
  // Past a capped count the last page is unknown: a full page always offers the next one.
  const lastPage = Math.max(
    1,
    Math.ceil(total / DEFAULT_PAGE_SIZE),
    data?.isTotalCapped && isPageFull ? filters.page + 1 : 0,
  );
  const showSkeletons = isPending || (isSearching && (data?.services.length ?? 0) === 0);

  if (showSkeletons) {
    return (
      <ul
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        aria-busy="true"
        aria-label={t`Loading services`}
      >
        {Array.from({ length: BROWSE_SKELETON_COUNT }, (_, i) => (
          <li key={i}>
            <ServiceCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (isError && !isSearching) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
        <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">
            <Trans>Something went wrong</Trans>
          </h2>
          <p className="text-muted-foreground">
            <Trans>We couldn't load services. Please try again.</Trans>
          </p>
        </div>
        <Button onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (!data) return null;
  if (data.needsCity) return <NearMePrompt onChooseCity={onChooseCity} />;
  if (data.services.length === 0 && total > 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-muted-foreground">
          <Trans>There are no more results on this page.</Trans>
        </p>
        <Button asChild variant="outline">
          <Link to={{ search: applyFilterPatch(params, { page: 1 }).toString() }}>
            <Trans>Go to the first page</Trans>
          </Link>
        </Button>
      </div>
    );
  }
  if (data.services.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-16 text-center">
        <div className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <SearchX className="size-8" aria-hidden="true" />
        </div>
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold">
            <Trans>No services found</Trans>
          </h2>
          <p className="max-w-md text-muted-foreground">
            <Trans>Try a different search, another city or fewer filters.</Trans>
          </p>
        </div>
        {filters.city && <PlaceHelp typed={filters.city} onChoose={onChooseCity} />}
        <Button onClick={onClearFilters}>
          <Trans>Clear Filters</Trans>
        </Button>
      </div>
    );
  }
  return (
    <>
      <ul
        aria-busy={isSearching}
        aria-label={t`Services`}
        className={cn(
          'grid gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4',
          isSearching && 'opacity-60',
        )}
      >
        {data.services.map((service, i) => (
          <li key={service.id}>
            <ServiceCard
              service={service}
              headingLevel="h2"
              imageLoading={i < EAGER_IMAGES ? 'eager' : 'lazy'}
              imagePriority={i === 0}
            />
          </li>
        ))}
      </ul>
      {lastPage > 1 && <Pagination page={Math.min(filters.page, lastPage)} lastPage={lastPage} params={params} />}
    </>
  );
}

/** What a time word in the text did ("massage tomorrow"): the list holds free starts then. */
function WhenNote({ when }: { when: WhenWord }) {
  const { t } = useLingui();
  const text = {
    today: t`With a free start today, in each provider’s local time`,
    tonight: t`With a free start tonight (from 6 PM), in each provider’s local time`,
    tomorrow: t`With a free start tomorrow, in each provider’s local time`,
    weekend: t`With a free start this weekend, in each provider’s local time`,
  }[when];
  return (
    <p className="text-sm text-muted-foreground" data-testid="search-when">
      {text}
    </p>
  );
}

/**
 * "tour near me" with no city chosen: the traveler is asked where they are, with the city box,
 * instead of an empty list.
 */
function NearMePrompt({ onChooseCity }: { onChooseCity: (city: string) => void }) {
  const { t } = useLingui();
  const [city, setCity] = useState('');
  return (
    <div
      className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-4 py-12 text-center"
      data-testid="near-me-prompt"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <LocateFixed className="size-8" aria-hidden="true" />
      </div>
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold">
          <Trans>Which city are you in?</Trans>
        </h2>
        <p className="max-w-md text-muted-foreground">
          <Trans>Choose a city to see the services near you.</Trans>
        </p>
      </div>
      <form
        className="flex w-full max-w-sm flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (city.trim()) onChooseCity(city.trim());
        }}
      >
        <CityCombobox
          id="near-me-city"
          containerClassName="flex-1"
          value={city}
          onValueChange={setCity}
          onSelect={onChooseCity}
          placeholder={t`Your city`}
          maxLength={100}
          enterKeyHint="search"
        />
        <Button type="submit">
          <Trans>Show services</Trans>
        </Button>
      </form>
    </div>
  );
}

/**
 * /browse (docs/product.md): the address is the state. q, city, category, minRating, sortBy and
 * page live in the query string, so reload, Back/Forward and shared links show the same search.
 */
export function BrowsePage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Browse services`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(searchParams), [searchParams]);
  const categories = useQuery(categoriesQuery);
  const [isFiltersOpen, setIsFiltersOpen] = useState(false);
  // The sheet stays mounted after its first opening, so that it can animate closed.
  const [wereFiltersOpened, setWereFiltersOpened] = useState(false);
  const filtersButtonRef = useRef<HTMLButtonElement>(null);
  const results = useQuery(serviceSearchQueryOptions(filters));

  // The address as our own latest change left it: two changes made before the page re-renders
  // (the city and the search box settling together) must build on each other, not both on the
  // address of the last render.
  const location = useLocation();
  const typedFrom = (location.state as BrowseHistoryState)?.typedFrom ?? null;
  const latest = useRef({ params: searchParams, typedFrom });
  useEffect(() => {
    latest.current = { params: searchParams, typedFrom };
  }, [searchParams, typedFrom]);
  // The city the last text filled in (below), while the traveler has not changed it themselves.
  const autoCity = useRef<string | null>(null);
  const updateFilters = useCallback<UpdateFilters>(
    (patch, options) => {
      if ('city' in patch) autoCity.current = null;
      // A new text drops the city an earlier text filled in: "yoga in Bali" after "massage in
      // Lisbon" searches Bali, not Lisbon and Bali.
      else if ('q' in patch && autoCity.current !== null && latest.current.params.get('city') === autoCity.current) {
        patch = { ...patch, city: undefined };
        autoCity.current = null;
      }
      const next = applyFilterPatch(latest.current.params, patch);
      const steps = historySteps(
        { search: latest.current.params.toString(), typedFrom: latest.current.typedFrom },
        { search: next.toString(), isTyping: options?.isTyping ?? false },
      );
      for (const step of steps) {
        const params = new URLSearchParams(step.search);
        latest.current = { params, typedFrom: step.typedFrom };
        const state: BrowseHistoryState = step.typedFrom === null ? null : { typedFrom: step.typedFrom };
        setSearchParams(params, { replace: step.action === 'replace', state, preventScrollReset: true });
      }
    },
    [setSearchParams],
  );
  const clearFilters = () =>
    updateFilters({ q: undefined, city: undefined, date: undefined, category: undefined, minRating: undefined });
  const clearChips = () =>
    updateFilters({ city: undefined, date: undefined, category: undefined, minRating: undefined });

  // The city the text named ("massage in Lisbon") goes into the empty city box, once per text: a
  // traveler who then clears the box is not overruled.
  const queryCity = results.isPlaceholderData ? null : (results.data?.queryCity ?? null);
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    if (!queryCity || filters.city || filledFor.current === filters.q) return;
    filledFor.current = filters.q;
    autoCity.current = queryCity;
    const next = applyFilterPatch(latest.current.params, { city: queryCity, page: filters.page });
    latest.current = { ...latest.current, params: next };
    setSearchParams(next, { replace: true, state: location.state as BrowseHistoryState, preventScrollReset: true });
  }, [queryCity, filters.city, filters.q, filters.page, setSearchParams, location.state]);

  const isSearching = results.isFetching && (results.isPending || results.isPlaceholderData);
  const filterCount = activeFilterCount(filters);
  const locale = useLocale();
  const countText = resultCountText({
    data: results.data,
    isSearching,
    isError: results.isError,
    locale,
    i18n,
  });
  const content = (
    <BrowseResults
      data={results.data}
      isPending={results.isPending}
      isSearching={isSearching}
      isError={results.isError}
      filters={filters}
      params={searchParams}
      onRetry={() => void results.refetch()}
      onClearFilters={clearFilters}
      onChooseCity={(city) => updateFilters({ city })}
    />
  );

  return (
    <>
      <div className="border-b bg-muted/40">
        <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-5 sm:gap-6 sm:px-6 sm:py-8 lg:px-8">
          <div className="flex items-end justify-between gap-3">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                <Trans>Browse services</Trans>
              </h1>
              <p className="hidden text-muted-foreground sm:block">
                <Trans>Trusted local providers for every part of your trip.</Trans>
              </p>
            </div>
            {/* On a phone the filters wait in a sheet, so that results start on the first screen. */}
            <Button
              ref={filtersButtonRef}
              variant="outline"
              className="shrink-0 sm:hidden"
              aria-haspopup="dialog"
              aria-expanded={isFiltersOpen}
              aria-controls={isFiltersOpen ? 'mobile-filters' : undefined}
              onClick={() => {
                setWereFiltersOpened(true);
                setIsFiltersOpen(true);
              }}
            >
              <SlidersHorizontal aria-hidden="true" />
              <Trans>Filters ({filterCount})</Trans>
            </Button>
            {wereFiltersOpened && (
              <Suspense fallback={null}>
                <MobileFilters
                  open={isFiltersOpen}
                  onOpenChange={setIsFiltersOpen}
                  filters={filters}
                  categories={categories.data}
                  onChange={updateFilters}
                  triggerRef={filtersButtonRef}
                />
              </Suspense>
            )}
          </div>
          <div className="hidden sm:block">
            <BrowseFilters filters={filters} categories={categories.data} onChange={updateFilters} />
          </div>
        </div>
      </div>

      <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-5 sm:px-6 sm:py-8 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-col gap-0.5">
            <p role="status" className="font-medium" data-testid="result-count">
              {countText}
            </p>
            {results.data?.when && !isSearching && <WhenNote when={results.data.when} />}
          </div>
          <div className="flex items-center gap-2">
            <Label htmlFor="browse-sort" className="shrink-0 text-muted-foreground">
              <Trans>Sort by</Trans>
            </Label>
            <NativeSelect
              id="browse-sort"
              value={filters.sortBy}
              onValueChange={(value) => updateFilters({ sortBy: value })}
              wrapperClassName="w-48"
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {i18n._(SORT_LABELS[option])}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <FilterChips filters={filters} categories={categories.data} onChange={updateFilters} onClearAll={clearChips} />
        <div>{content}</div>
      </div>
    </>
  );
}

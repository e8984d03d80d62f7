import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search, X } from '@/components/icons';
import { calendarDateOfLocalDate, formatCalendarDateForDisplay } from '@shared/domain/calendar-date';
import { RATING_OPTIONS, SEARCH_TEXT_MAX } from '@shared/api/catalog-options';
import type { Category } from '@shared/api/catalog-responses';
import { IconInput } from '@/components/icon-input';
import { Input } from '@/components/ui/input';
import { useLocale } from '@/lib/locale';
import { useNow } from '@/lib/use-now';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedText } from '@/lib/use-debounced-text';
import type { ServiceFilters } from './catalog-api';
import { ratingLabels, type FilterPatch } from './browse-address';
import { CityCombobox } from './city-combobox';
import { useCategoryName } from '@/lib/words';

/** `isTyping`: the change is a pause in typing, not a committed search (browse-state.ts, historySteps). */
export type UpdateFilters = (patch: FilterPatch, options?: { isTyping?: boolean }) => void;

/**
 * Search, city, category and minimum rating. The text boxes update the address once typing
 * pauses (replacing the history entry, so Back does not step through every word); Enter, a chosen
 * city and the selects commit a search at once, as a new entry.
 */
export function BrowseFilters({
  filters,
  categories,
  onChange,
  idPrefix = 'browse',
  stacked = false,
}: {
  filters: ServiceFilters;
  categories: Category[] | undefined;
  onChange: UpdateFilters;
  /** Element ids start with it (the phone's filter sheet has its own copy of the form). */
  idPrefix?: string;
  /** One control per row (the phone's filter sheet). */
  stacked?: boolean;
}) {
  const { t } = useLingui();
  const categoryName = useCategoryName();
  // Today on the reader's own calendar, once hydrated (the server's day may differ).
  const now = useNow();
  const today = now === null ? undefined : calendarDateOfLocalDate(new Date(now));
  const search = useDebouncedText(filters.q, (q, how) => onChange({ q }, { isTyping: how === 'pause' }));
  const city = useDebouncedText(filters.city, (value, how) => onChange({ city: value }, { isTyping: how === 'pause' }));
  const hasUnknownCategory =
    filters.category !== '' && categories !== undefined && !categories.some((c) => c.slug === filters.category);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (search.isPending || city.isPending) {
      search.flush();
      city.flush();
    } else {
      // The text is in the address already (typing paused): Enter commits that search as it is.
      onChange({ page: filters.page });
    }
  }

  return (
    <form
      role="search"
      aria-label={t`Filter services`}
      onSubmit={handleSubmit}
      className={
        stacked
          ? 'grid grid-cols-1 gap-3'
          : 'grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1.3fr)]'
      }
    >
      <IconInput
        id={`${idPrefix}-q`}
        icon={Search}
        label={t`Search services`}
        containerClassName={stacked ? undefined : 'col-span-2 lg:col-span-1'}
        type="search"
        name="q"
        value={search.text}
        onValueChange={(value) => search.setText(value)}
        placeholder={t`Search massage, tours, chefs…`}
        maxLength={SEARCH_TEXT_MAX}
        autoComplete="off"
        enterKeyHint="search"
        className="bg-card dark:bg-input/20"
      />
      <CityCombobox
        id={`${idPrefix}-city`}
        containerClassName={stacked ? undefined : 'col-span-2 lg:col-span-1'}
        type="search"
        name="city"
        value={city.text}
        onValueChange={city.setText}
        onSelect={city.commitNow}
        placeholder={t`City`}
        maxLength={100}
        enterKeyHint="search"
        className="bg-card dark:bg-input/20"
      />
      <div>
        <Label htmlFor={`${idPrefix}-category`} className={stacked ? 'mb-1.5' : 'sr-only'}>
          <Trans>Category</Trans>
        </Label>
        <NativeSelect
          id={`${idPrefix}-category`}
          value={filters.category}
          onValueChange={(value) => onChange({ category: value })}
          className="bg-card dark:bg-input/20"
        >
          <option value="">{t`All Categories`}</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.slug}>
              {categoryName(c)}
            </option>
          ))}
          {hasUnknownCategory && <option value={filters.category}>{filters.category}</option>}
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor={`${idPrefix}-rating`} className={stacked ? 'mb-1.5' : 'sr-only'}>
          <Trans>Minimum rating</Trans>
        </Label>
        <NativeSelect
          id={`${idPrefix}-rating`}
          value={String(filters.minRating)}
          onValueChange={(value) => onChange({ minRating: value })}
          className="bg-card dark:bg-input/20"
        >
          {RATING_OPTIONS.map((r) => (
            <option key={r} value={String(r)}>
              {r === 0 ? t`All Ratings` : ratingLabels[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className={stacked ? undefined : 'col-span-2 flex items-center gap-2 lg:col-span-1'}>
        <Label
          htmlFor={`${idPrefix}-date`}
          className={stacked ? 'mb-1.5' : 'shrink-0 text-sm font-normal text-muted-foreground lg:sr-only'}
        >
          {t`Available on…`}
        </Label>
        {/* The browser's own date picker: typed or chosen by keyboard, and sized for a phone. */}
        <Input
          id={`${idPrefix}-date`}
          type="date"
          name="date"
          value={filters.date}
          min={today}
          onValueChange={(value) => onChange({ date: value })}
          title={t`Available on…`}
          className="bg-card dark:bg-input/20"
        />
      </div>
      {/* Enter submits (commits the text at once); the button is for assistive technology. */}
      <button
        type="submit"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus-visible:not-sr-only focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Trans>Search</Trans>
      </button>
    </form>
  );
}

interface Chip {
  key: 'category' | 'city' | 'minRating' | 'date';
  kind: string;
  value: string;
  /** The remove button's name: 'Remove city filter: Lisbon'. */
  removeLabel: string;
}

/** Removable chips for the category, city and rating filters in effect. */
export function FilterChips({
  filters,
  categories,
  onChange,
  onClearAll,
}: {
  filters: ServiceFilters;
  categories: Category[] | undefined;
  onChange: UpdateFilters;
  onClearAll: () => void;
}) {
  const { t } = useLingui();
  const categoryName = useCategoryName();
  const locale = useLocale();
  const chips: Chip[] = [];
  if (filters.category) {
    const category = categories?.find((c) => c.slug === filters.category);
    const name = category ? categoryName(category) : filters.category;
    chips.push({ key: 'category', kind: t`Category`, value: name, removeLabel: t`Remove category filter: ${name}` });
  }
  if (filters.city) {
    const city = filters.city;
    chips.push({ key: 'city', kind: t`City`, value: city, removeLabel: t`Remove city filter: ${city}` });
  }
  if (filters.date) {
    const date = formatCalendarDateForDisplay(filters.date, locale);
    chips.push({
      key: 'date',
      kind: t`Available on`,
      value: date,
      removeLabel: t`Remove available on filter: ${date}`,
    });
  }
  if (filters.minRating > 0) {
    const rating = ratingLabels[filters.minRating as keyof typeof ratingLabels] ?? `${filters.minRating}+`;
    chips.push({ key: 'minRating', kind: t`Rating`, value: rating, removeLabel: t`Remove rating filter: ${rating}` });
  }
  if (chips.length === 0) return null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label={t`Active filters`} className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li
            key={chip.key}
            data-testid={`filter-chip-${chip.key}`}
            className="inline-flex h-8 max-w-full items-center gap-1 rounded-full border border-primary/25 bg-accent pr-1 pl-3 text-sm text-accent-foreground"
          >
            <span className="truncate">
              <Trans>
                {chip.kind}: <span className="font-semibold">{chip.value}</span>
              </Trans>
            </span>
            <button
              type="button"
              aria-label={chip.removeLabel}
              onClick={() => onChange({ [chip.key]: undefined })}
              className="inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-full outline-none hover:bg-foreground/10 focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          onClick={onClearAll}
          className="cursor-pointer rounded-sm px-1 text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Trans>Clear all</Trans>
        </button>
      )}
    </div>
  );
}

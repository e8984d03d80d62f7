import { Fragment, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { intlLocale, type Locale } from '@shared/domain/locales';
import type { CitySuggestion } from '@shared/api/catalog-responses';
import { useLocale } from '@/lib/locale';
import { citySuggestionsQuery } from './catalog-api';

/** A place as the server compares it: lower-case, no accents, punctuation runs as one space. */
export function placeKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
}

/**
 * Whether `typed` names one of the suggested places itself (a city it starts, or an alias or area
 * it is): then the search knew the place, and an empty result comes from the other filters.
 */
export function isKnownPlace(typed: string, suggestions: CitySuggestion[]): boolean {
  const key = placeKey(typed);
  if (!key) return true;
  return suggestions.some(
    (s) => placeKey(s.city).startsWith(key) || (s.matchedAlias !== undefined && placeKey(s.matchedAlias) === key),
  );
}

/**
 * 'Lisbon, Bali or Tokyo' with each place drawn by `draw`, in the reader's language (Intl's list of
 * alternatives; in English without the serial comma, as Locora writes it).
 */
function orList(items: string[], locale: Locale, draw: (item: string) => ReactNode): ReactNode {
  const parts: { type: 'element' | 'literal'; value: string }[] =
    locale === 'en'
      ? items.flatMap((item, i) => [
          ...(i === 0 ? [] : [{ type: 'literal' as const, value: i === items.length - 1 ? ' or ' : ', ' }]),
          { type: 'element' as const, value: item },
        ])
      : new Intl.ListFormat(intlLocale(locale), { type: 'disjunction' }).formatToParts(items);
  return parts.map((part, i) => <Fragment key={i}>{part.type === 'element' ? draw(part.value) : part.value}</Fragment>);
}

/**
 * The empty state's help for a place the search could not place (decision 016): "Did you mean
 * Lisbon?" with the nearest cities served, and the list of every city served. Each is a button
 * that searches there.
 */
export function PlaceHelp({ typed, onChoose }: { typed: string; onChoose: (city: string) => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const nearest = useQuery(citySuggestionsQuery(typed));
  const all = useQuery(citySuggestionsQuery(''));
  if (!nearest.data || isKnownPlace(typed, nearest.data)) return null;
  const suggestions = nearest.data.slice(0, 3);
  const linkClass =
    'cursor-pointer rounded-sm font-semibold text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/60';
  const button = (city: string) => (
    <button type="button" className={linkClass} onClick={() => onChoose(city)}>
      {city}
    </button>
  );
  const choices = orList(
    suggestions.map((s) => s.city),
    locale,
    button,
  );

  return (
    <div className="flex max-w-xl flex-col items-center gap-3 text-sm" data-testid="place-help">
      {suggestions.length > 0 && (
        <p className="text-base">
          <Trans>Did you mean {choices}?</Trans>
        </p>
      )}
      {all.data && all.data.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <h3 className="font-medium text-muted-foreground">
            <Trans>Cities on Locora</Trans>
          </h3>
          <ul aria-label={t`Cities on Locora`} className="flex flex-wrap justify-center gap-2">
            {all.data.map((s) => (
              <li key={s.city}>
                <button
                  type="button"
                  onClick={() => onChoose(s.city)}
                  className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border bg-card px-3 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  {s.city}
                  <span className="text-xs text-muted-foreground">{s.serviceCount}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

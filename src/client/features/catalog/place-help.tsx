import { useQuery } from '@tanstack/react-query';
import type { CitySuggestion } from '@shared/api/catalog-responses';
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
 * The empty state's help for a place the search could not place (decision 016): "Did you mean
 * Lisbon?" with the nearest cities served, and the list of every city served. Each is a button
 * that searches there.
 */
export function PlaceHelp({ typed, onChoose }: { typed: string; onChoose: (city: string) => void }) {
  const nearest = useQuery(citySuggestionsQuery(typed));
  const all = useQuery(citySuggestionsQuery(''));
  if (!nearest.data || isKnownPlace(typed, nearest.data)) return null;
  const suggestions = nearest.data.slice(0, 3);
  const linkClass =
    'cursor-pointer rounded-sm font-semibold text-primary underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/60';

  return (
    <div className="flex max-w-xl flex-col items-center gap-3 text-sm" data-testid="place-help">
      {suggestions.length > 0 && (
        <p className="text-base">
          Did you mean{' '}
          {suggestions.map((s, i) => (
            <span key={s.city}>
              {i > 0 && (i === suggestions.length - 1 ? ' or ' : ', ')}
              <button type="button" className={linkClass} onClick={() => onChoose(s.city)}>
                {s.city}
              </button>
            </span>
          ))}
          ?
        </p>
      )}
      {all.data && all.data.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <h3 className="font-medium text-muted-foreground">Cities on Locora</h3>
          <ul aria-label="Cities on Locora" className="flex flex-wrap justify-center gap-2">
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

import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import type { Locale } from '@shared/domain/locales';
import type { ViewerClock } from './viewer-clock';

/**
 * The data a server-rendered page carries to the browser (a JSON block, not a script: the CSP
 * allows no inline scripts): the query cache the page was rendered from, and the errors of routes
 * whose loader failed (shown by their errorElement, as on the server).
 */
export interface PageData {
  queries: DehydratedState;
  routeErrors: Record<string, unknown> | null;
  /** The viewer's zone and today the page was rendered with. */
  clock: ViewerClock;
  /** On the English home page, a language to offer the visitor (their last choice or their browser's). */
  suggestedLocale?: Locale;
}

export const PAGE_DATA_ELEMENT_ID = 'locora-page-data';

type SerializedApiError = { apiError: { status: number; statusText: string; bodyText: string } };

const isSerializedApiError = (value: unknown): value is SerializedApiError =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/**
 * The cache as the page was rendered: answers and failures alike, so the browser shows the same
 * "not found" or "could not load" state the HTML shows instead of asking again. ApiErrors travel
 * as their status and body.
 */
export function dehydrateQueries(queryClient: QueryClient): DehydratedState {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
  });
  for (const query of state.queries) {
    // The failure is sent as its status and body only (never a raw error's fields).
    (query.state as { fetchFailureReason: unknown }).fetchFailureReason = null;
    const error: unknown = query.state.error;
    if (error instanceof ApiError) {
      const serialized: SerializedApiError = {
        apiError: { status: error.status, statusText: error.statusText, bodyText: error.bodyText },
      };
      (query.state as { error: unknown }).error = serialized;
    } else if (error) {
      // Anything else (a network failure) becomes a 503-like ApiError: the page shows "try again".
      (query.state as { error: unknown }).error = {
        apiError: { status: 503, statusText: 'Service Unavailable', bodyText: '' },
      } satisfies SerializedApiError;
    }
  }
  return state;
}

export function hydrateQueries(queryClient: QueryClient, state: DehydratedState) {
  for (const query of state.queries) {
    const error: unknown = query.state.error;
    if (isSerializedApiError(error)) {
      const { status, statusText, bodyText } = error.apiError;
      (query.state as { error: unknown }).error = new ApiError(status, statusText, bodyText);
    }
  }
  hydrate(queryClient, state);
}

/** The page data the server embedded, or undefined (the dev server serves the bare shell). */
export function readPageData(): PageData | undefined {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as PageData;
}

import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import {
  matchRoutes,
  Router,
  type LoaderFunctionArgs,
  type Location,
  type Navigator,
  type RouteObject,
} from 'react-router';
import { createBrowserHistory } from './browser-history';
import { loadRoute } from './route-tree';
import { keepScroll } from './scroll-restoration';

/**
 * The browser's router: React Router's BrowserRouter (our history over `window.history`, state updates in a transition, so
 * the current page stays on screen while the next one's chunk loads), plus what the data router did
 * when a navigation starts (docs/decisions/026-declarative-router.md): the new page's chunk and
 * the queries its route's loader names start loading at once, in parallel.
 */
export function ClientRouter({
  routes,
  basename,
  children,
}: {
  routes: RouteObject[];
  /** The locale's prefix ('' for English, '/ja'): every link and navigation stays under it. */
  basename: string;
  children: ReactNode;
}) {
  const [history] = useState(() => createBrowserHistory(window));
  // The history, plus what it drops: `preventScrollReset` (React Router passes it as a third
  // argument, for the data router's scroll restoration).
  const [navigator] = useState(() => {
    const withScroll: Navigator = Object.create(history);
    for (const method of ['push', 'replace'] as const) {
      withScroll[method] = (to, state, options) => {
        history[method](to, state);
        if (options?.preventScrollReset) keepScroll.add(history.location.key);
      };
    }
    return withScroll;
  });
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => {
    const stop = history.listen((update) => {
      startNavigation(routes, update.location, basename);
      startTransition(() => setState(update));
    });
    // Hydration yields to the browser (main.tsx), so Back or Forward may have moved the history
    // before this listener existed: catch up with it, as the listener would have.
    const missed = { action: history.action, location: history.location };
    startTransition(() => setState((shown) => (shown.location.key === missed.location.key ? shown : missed)));
    return stop;
  }, [history, routes, basename]);
  return (
    <Router basename={basename} location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}

function startNavigation(routes: RouteObject[], location: Location, basename: string) {
  const matches = matchRoutes(routes, location, basename) ?? [];
  const request = new Request(new URL(`${location.pathname}${location.search}`, window.location.origin));
  for (const match of matches) {
    loadRoute(match.route)?.catch(() => undefined);
    const { loader } = match.route;
    if (typeof loader === 'function') {
      // Client loaders only start queries (src/client/routes.tsx); the page reads them with useQuery.
      void Promise.resolve(loader({ request, params: match.params, context: undefined } as LoaderFunctionArgs)).catch(
        () => undefined,
      );
    }
  }
}

import { Component, createContext, use, useContext, useMemo, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type Location, type RouteObject } from 'react-router';

/**
 * The route table (src/client/routes.tsx) rendered by React Router's declarative router
 * (`useRoutes`), in the browser and on the server alike (docs/decisions/026-declarative-router.md).
 * The table keeps the data router's shape (`lazy` pages with `handle.module`, `loader`s,
 * `errorElement`s): the server still runs it through createStaticHandler for loaders, redirects and
 * status, and this module turns it into plain elements:
 * - a `lazy` page renders its component once loaded; `preloadRoutes` loads the matched pages
 *   before the first render, so hydration finds the tree the server rendered;
 * - an `errorElement` becomes an error boundary around the route's element, reset on navigation.
 */

type LazyState = { Component?: ComponentType; promise?: Promise<ComponentType> };
const lazyStates = new WeakMap<RouteObject, LazyState>();

function lazyState(route: RouteObject): LazyState {
  let state = lazyStates.get(route);
  if (!state) lazyStates.set(route, (state = {}));
  return state;
}

/** Starts (or reuses) the load of a lazy route's component. */
export function loadRoute(route: RouteObject): Promise<ComponentType> | undefined {
  const { lazy } = route;
  if (typeof lazy !== 'function') return undefined;
  const state = lazyState(route);
  state.promise ??= (async () => {
    const { Component: loaded } = (await lazy()) as { Component?: ComponentType | null };
    if (!loaded) throw new Error(`Route ${route.path ?? route.id ?? ''} has no component`);
    state.Component = loaded;
    return loaded;
  })();
  // A failed load (a chunk the network lost) is tried again on the next visit.
  state.promise.catch(() => (state.promise = undefined));
  return state.promise;
}

/** Loads the components of every lazy route that matches `location` (under the locale's `basename`). */
export async function preloadRoutes(routes: RouteObject[], location: Partial<Location> | string, basename?: string) {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(matches.map((match) => loadRoute(match.route)));
}

function LazyRoute({ route }: { route: RouteObject }) {
  const state = lazyState(route);
  const Loaded = state.Component ?? use(loadRoute(route) as Promise<ComponentType>);
  // The route's page component: loaded once per route and the same on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <Loaded />;
}

const RouteErrorContext = createContext<unknown>(undefined);

/** The error a route's errorElement is showing (what useRouteError was in the data router). */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type BoundaryProps = { location: Location; initialError: unknown; fallback: ReactNode; children: ReactNode };
type BoundaryState = { error: unknown; location: Location };

class RouteBoundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: props.initialError, location: props.location };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  /** A new page (any navigation) clears the error. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location !== state.location) return { error: undefined, location: props.location };
    return null;
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>;
  }
}

function ErrorBoundaryAt(props: { initialError: unknown; fallback: ReactNode; children: ReactNode }) {
  return <RouteBoundary location={useLocation()} {...props} />;
}

function toElements(routes: RouteObject[], errors: Record<string, unknown> | null | undefined): RouteObject[] {
  return routes.map((route) => {
    let element: ReactNode = route.lazy ? <LazyRoute route={route} /> : route.element;
    if (route.errorElement) {
      const initialError = route.id ? errors?.[route.id] : undefined;
      element = (
        <ErrorBoundaryAt initialError={initialError} fallback={route.errorElement}>
          {element}
        </ErrorBoundaryAt>
      );
    }
    const children = route.children ? toElements(route.children, errors) : undefined;
    return route.index
      ? { index: true, id: route.id, path: route.path, element }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, element, children };
  });
}

/**
 * The pages, inside a router (BrowserRouter-like in the browser, StaticRouter on the server).
 * @param errors the loader errors the server rendered with (by route id), shown by their routes'
 *   errorElement until the next navigation.
 */
export function AppRoutes({ routes, errors }: { routes: RouteObject[]; errors?: Record<string, unknown> | null }) {
  const elements = useMemo(() => toElements(routes, errors), [routes, errors]);
  return useRoutes(elements);
}

import { createPath, NavigationType, parsePath, type Location, type To } from 'react-router';

/** What the router is told after each move: how the entry was reached, and where we are. */
export type HistoryUpdate = { action: NavigationType; location: Location };

/**
 * The browser's session history as React Router's `<Router>` reads it, over the public
 * `window.history` API: push and replace tell the listener at once (not only Back and Forward),
 * and each entry carries its own `key` (scroll positions are kept by it) and the state a page
 * navigated with. The entries' state has React Router's own shape (`usr`, `key`, `idx`), so
 * entries made before a reload, by this page or by React Router, read back the same.
 */
export function createBrowserHistory(win: Window) {
  const sessionHistory = win.history;
  let action = NavigationType.Pop;
  let listener: ((update: HistoryUpdate) => void) | null = null;
  if (indexOfEntry() == null) sessionHistory.replaceState({ ...sessionHistory.state, idx: 0 }, '');

  function indexOfEntry(): number | null {
    const state = sessionHistory.state as { idx?: number } | null;
    return typeof state?.idx === 'number' ? state.idx : null;
  }

  function currentLocation(): Location {
    const { pathname, search, hash } = win.location;
    const state = sessionHistory.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  }

  function createHref(to: To) {
    return typeof to === 'string' ? to : createPath(to);
  }

  function move(kind: NavigationType.Push | NavigationType.Replace, to: To, state?: unknown) {
    action = kind;
    const index = (indexOfEntry() ?? 0) + (kind === NavigationType.Push ? 1 : 0);
    const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: index };
    const url = createHref(typeof to === 'string' ? parsePath(to) : to);
    if (kind === NavigationType.Push) sessionHistory.pushState(entry, '', url);
    else sessionHistory.replaceState(entry, '', url);
    listener?.({ action, location: currentLocation() });
  }

  function onPopState() {
    action = NavigationType.Pop;
    listener?.({ action, location: currentLocation() });
  }

  return {
    get action() {
      return action;
    },
    get location() {
      return currentLocation();
    },
    listen(fn: (update: HistoryUpdate) => void) {
      listener = fn;
      win.addEventListener('popstate', onPopState);
      return () => {
        win.removeEventListener('popstate', onPopState);
        listener = null;
      };
    },
    createHref,
    encodeLocation(to: To) {
      const url = new URL(createHref(to), win.location.origin);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push: (to: To, state?: unknown) => move(NavigationType.Push, to, state),
    replace: (to: To, state?: unknown) => move(NavigationType.Replace, to, state),
    go: (delta: number) => sessionHistory.go(delta),
  };
}

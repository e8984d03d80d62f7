import { useSyncExternalStore } from 'react';

/*
 * The current time for what depends on it (which booking buttons show, how long a provider has
 * left to answer), ticking every 30 seconds while a component listens. Null on the server and while
 * a server-rendered page hydrates: the HTML and the first browser render then agree, and the
 * time-dependent parts appear once the browser knows its own clock.
 */
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let snapshot: number | null = null;
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  timer ??= setInterval(() => {
    snapshot = Date.now();
    for (const listener of listeners) listener();
  }, TICK_MS);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
      // The next screen to ask starts from the real time, not from when this one stopped.
      snapshot = null;
    }
  };
}

function getSnapshot(): number {
  snapshot ??= Date.now();
  return snapshot;
}

const getServerSnapshot = () => null;

/** Milliseconds since the epoch in the browser (refreshed every 30 s), null before hydration. */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

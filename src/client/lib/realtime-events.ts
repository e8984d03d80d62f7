import { useContext, useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@shared/api/conversations-responses';
import { RealtimeContext } from './realtime';

/*
 * Apart from realtime.tsx, whose provider the first page renders: only pages loaded later listen
 * (a module in the first chunk brings every export any page uses, decision 027).
 */

/** Calls `fn` with every realtime event while mounted. */
export function useRealtimeEvents(fn: (event: RealtimeEvent) => void) {
  const ctx = useContext(RealtimeContext);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => ctx?.subscribe((e) => latest.current(e)), [ctx]);
}

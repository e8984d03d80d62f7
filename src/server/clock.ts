/**
 * Business time: when a request expires, when a booking is over, which refund window applies.
 * `buildApp({ clock })` takes one (default: the wall clock), so tests set the time instead of
 * sleeping or writing rows in the past. Scheduling (when a job is due, how long a claim is
 * leased) never uses it: that is the database's clock, `now()`, shared by every instance
 * (decision 032).
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved (tests). */
export type ManualClock = Clock & {
  set(at: Date | number): void;
  advance(ms: number): void;
};

export function manualClock(start: Date | number = Date.now()): ManualClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

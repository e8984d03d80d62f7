/**
 * Idempotency keys for a form that sends one request per attempt (POST /api/bookings):
 * the same key while the request is the same (a retry after a network failure must not book
 * twice), a new one as soon as anything in it changes or the attempt is over.
 */
export interface AttemptKeys {
  /** The key for sending `request`: the last one if `request` is unchanged since, else a new one. */
  keyFor(request: unknown): string;
  /** The attempt is over (answered): the next send is a new attempt. */
  reset(): void;
}

export function createAttemptKeys(newKey: () => string): AttemptKeys {
  let attempt: { fingerprint: string; key: string } | undefined;
  return {
    keyFor(request) {
      const fingerprint = JSON.stringify(request);
      if (attempt?.fingerprint !== fingerprint) attempt = { fingerprint, key: newKey() };
      return attempt.key;
    },
    reset() {
      attempt = undefined;
    },
  };
}

/**
 * Keeping one provider from filling the shop window (decision 016). Pure, so the rules are tested
 * without a database.
 */

/** At most this many services of one provider among the featured. */
export const FEATURED_PER_PROVIDER = 2;

/**
 * The first `limit` items of `ranked` (best first) taking at most `perProvider` of each
 * provider; the order of what is taken is the ranked order.
 */
export function capPerProvider<T>(
  ranked: readonly T[],
  providerOf: (item: T) => string,
  perProvider: number,
  limit: number,
): T[] {
  const taken = new Map<string, number>();
  const out: T[] = [];
  for (const item of ranked) {
    if (out.length >= limit) break;
    const provider = providerOf(item);
    const count = taken.get(provider) ?? 0;
    if (count >= perProvider) continue;
    taken.set(provider, count + 1);
    out.push(item);
  }
  return out;
}

/**
 * The same items reordered so that a provider's services are interleaved with the others': each
 * position takes the best remaining item whose provider differs from the previous position's,
 * or the best remaining one when every remaining item is that provider's. So no two neighbours
 * share a provider unless nothing else is left, a service moves down only behind better-ranked
 * or next-best services of other providers, and the items of one provider, and of all the
 * others, keep their ranked order.
 */
export function interleaveProviders<T>(ranked: readonly T[], providerOf: (item: T) => string): T[] {
  const remaining = [...ranked];
  const out: T[] = [];
  while (remaining.length > 0) {
    const previous = out.length > 0 ? providerOf(out[out.length - 1] as T) : undefined;
    let index = remaining.findIndex((item) => providerOf(item) !== previous);
    if (index < 0) index = 0;
    out.push(remaining.splice(index, 1)[0] as T);
  }
  return out;
}

/**
 * Intl.DisplayNames are costly to create (each loads its language's data) and cheap to ask: one
 * per language and kind, made on first use and kept, never one per name or per render.
 */
const made = new Map<string, Intl.DisplayNames | null>();

/** The name of `code` ('BR', 'BRL') in `intlTag`'s words, or undefined where Intl has none. */
export function displayName(intlTag: string, type: 'region' | 'currency', code: string): string | undefined {
  const key = `${type}|${intlTag}`;
  let names = made.get(key);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([intlTag], { type });
    } catch {
      names = null;
    }
    made.set(key, names);
  }
  try {
    return names?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds a PostgreSQL tsquery (prefix matching, every word required) from the user's words and
 * what the lexicon knows about them: a word that is the prefix of a known term is kept as
 * `word:*`; an unknown word becomes `(alt1:* | alt2:*)` with its closest known terms (typo
 * tolerance); an unknown word with no close term stays as-is and so matches nothing.
 * Pure, so the rule is tested without a database.
 */
export type ResolvedWord = { word: string; known: boolean; alternatives: string[] };

const safeLexeme = (w: string) => w.replace(/[^\p{L}\p{N}]/gu, '');

export function buildTsQuery(words: ResolvedWord[]): string | undefined {
  const parts: string[] = [];
  for (const { word, known, alternatives } of words) {
    const w = safeLexeme(word);
    if (!w) continue;
    const alts = alternatives.map(safeLexeme).filter(Boolean);
    if (known || alts.length === 0) parts.push(`${w}:*`);
    else parts.push(`(${[w, ...alts].map((a) => `${a}:*`).join(' | ')})`);
  }
  return parts.length ? parts.join(' & ') : undefined;
}

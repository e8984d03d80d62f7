/**
 * Builds a PostgreSQL tsquery (prefix matching, every word required) from the user's words and
 * what the lexicon knows about them: a word that is the prefix of a known term is kept as
 * `word:*`; an unknown word becomes `(alt1:* | alt2:*)` with its closest known terms (typo
 * tolerance); an unknown word with no close term stays as-is and so matches nothing.
 * Pure, so the rule is tested without a database.
 */
export type ResolvedWord = {
  word: string;
  known: boolean;
  alternatives: string[];
  /**
   * Every term of the lexicon the word is a prefix of, when it is a handful
   * (MAX_COUNT_COMPLETIONS at most); absent when there are more, or none.
   */
  completions?: string[] | undefined;
};

/** How many terms a word may complete to for the count to look them up one by one. */
export const MAX_COUNT_COMPLETIONS = 8;

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

/** A lexeme as a tsquery operand, quoted: taken as it is, never split or normalised again. */
export const quoteLexeme = (term: string) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The same matches as buildTsQuery's, as exact lexemes for counting (decision 041): each word
 * becomes the terms it completes to, `yoga` -> `('yoga' | 'yoga-inspired')`. The lexicon holds
 * every lexeme of every service's text (the services trigger writes them in the same
 * transaction, and none is ever removed), so a prefix matches a service exactly when one of its
 * completions does. The full-text index looks each lexeme up directly, where a prefix makes it
 * scan its terms and gather their matches twice (about twice the time for "yoga"). Undefined
 * when a word has no completions listed (unknown, or too many): the count then uses the prefix
 * query itself. For a `::tsquery` cast, not to_tsquery (which would split 'yoga-inspired').
 */
export function buildCountTsQuery(words: ResolvedWord[]): string | undefined {
  const parts: string[] = [];
  for (const { word, known, completions } of words) {
    const w = safeLexeme(word);
    if (!w) continue;
    // The lexicon was asked about the word as typed; buildTsQuery searches for `w`.
    if (w !== word || !known || !completions?.length || completions.length > MAX_COUNT_COMPLETIONS) return undefined;
    parts.push(`(${completions.map(quoteLexeme).join(' | ')})`);
  }
  return parts.length ? parts.join(' & ') : undefined;
}

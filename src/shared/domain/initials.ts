/**
 * Up to `max` initials of a name: the first letters of its first and last words, upper-cased
 * ('Ana María López' -> 'AL'; with max 1, 'A'). Words are split on spaces, '-', '_' and '.', and a
 * letter is a whole code point. '' when there is no word. The one rule for every avatar: the
 * client's fallbacks and the server's drawn avatars.
 */
export function initialsOf(name: string | null | undefined, max: 1 | 2 = 2): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s\-_.]+/)
    .filter(Boolean);
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  const first = letter(words[0]);
  const last = max > 1 && words.length > 1 ? letter(words[words.length - 1]) : '';
  return (first + last).toLocaleUpperCase('en-US');
}

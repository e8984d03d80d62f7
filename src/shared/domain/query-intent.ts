/**
 * What a search box's text asks for besides its words, as people type it: "massage tomorrow",
 * "yoga this weekend", "chef tonight", "tour near me", "massagem", "clases de yoga". Pure, and
 * shared: the server searches with it, the browse page asks for a city when "near me" has none.
 *
 * - A time word ("today", "tonight", "tomorrow", "this weekend", and their Portuguese, Spanish,
 *   Indonesian, Thai and Japanese forms) is taken out of the text and becomes a filter: services
 *   with a free start then, in the service's own zone (`whenDates`).
 * - "near me" (and its forms) is taken out and means the traveler's chosen city.
 * - A category's name in another language becomes the English word its name holds
 *   (category-lexicon.ts).
 */
import { CATEGORY_WORDS, CLASS_WORDS } from './category-lexicon.ts';
import { addCalendarDays, type CalendarDate, weekdayOf } from './calendar-date.ts';
import { calendarDateIn } from './zones.ts';

/** When a query asks for a free start. */
export const WHEN_WORDS = ['today', 'tonight', 'tomorrow', 'weekend'] as const;
export type WhenWord = (typeof WHEN_WORDS)[number];

export type QueryIntent = {
  /** The text left to search for: time and "near me" words out, category words in English. */
  text: string;
  when: WhenWord | null;
  isNearMe: boolean;
};

/** "Tonight" starts at this wall time (the service's zone). */
export const TONIGHT_FROM = '18:00';

const WHEN_PHRASES: Record<WhenWord, readonly string[]> = {
  today: ['today', 'hoje', 'hoy', 'hari ini', '今日', 'きょう', '本日', 'วันนี้'],
  tonight: [
    'tonight',
    'this evening',
    'esta noite',
    'hoje a noite',
    'hoje de noite',
    'esta noche',
    'hoy por la noche',
    'malam ini',
    'nanti malam',
    '今夜',
    '今晩',
    'คืนนี้',
  ],
  tomorrow: ['tomorrow', 'amanha', 'manana', 'besok', '明日', 'あした', 'พรุ่งนี้'],
  weekend: [
    'this weekend',
    'weekend',
    'on the weekend',
    'este fim de semana',
    'neste fim de semana',
    'no fim de semana',
    'fim de semana',
    'este fin de semana',
    'el fin de semana',
    'fin de semana',
    'akhir pekan ini',
    'akhir pekan',
    'akhir minggu',
    '今週末',
    '週末',
    'สุดสัปดาห์นี้',
    'สุดสัปดาห์',
  ],
};

const NEAR_ME_PHRASES: readonly string[] = [
  'near me',
  'nearby',
  'close to me',
  'around me',
  'near here',
  'perto de mim',
  'aqui perto',
  'cerca de mi',
  'cerca de aqui',
  'dekat saya',
  'di dekat saya',
  'terdekat',
  '近くの',
  '近く',
  'ใกล้ฉัน',
  'ใกล้ๆ',
  'ใกล้ฉัน',
];

/** Other languages' "near" before a place (after "near me" and its forms are out). */
const NEAR_PLACE_PHRASES = ['perto de', 'perto do', 'perto da', 'cerca de', 'cerca del', 'di dekat', 'dekat'];

/** Connectors left in front of a time word once it is out ("massage for tomorrow"). */
const TIME_CONNECTORS = new Set(['for', 'on', 'para', 'untuk', 'this']);
/** "de" between a class word and the category ("clases de yoga"). */
const OF_WORDS = new Set(['de', 'da', 'do', 'del']);

/** Scripts written without spaces between words: their keys also match inside a run of text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/**
 * Lower case, Latin accents off (Thai and Japanese marks are kept), anything that is not a letter
 * or digit a single space.
 */
export function normaliseQueryText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

type Phrase = { key: string; value: string };

/** Longest first, so "este fim de semana" wins over "fim de semana". */
function byLength(phrases: Phrase[]): Phrase[] {
  return phrases.sort((a, b) => b.key.length - a.key.length);
}

const whenPhrases = byLength(
  (Object.entries(WHEN_PHRASES) as [WhenWord, readonly string[]][]).flatMap(([value, keys]) =>
    keys.map((key) => ({ key: normaliseQueryText(key), value })),
  ),
);
const nearPhrases = byLength(NEAR_ME_PHRASES.map((key) => ({ key: normaliseQueryText(key), value: '' })));
const categoryPhrases = byLength(
  Object.entries(CATEGORY_WORDS).flatMap(([value, keys]) =>
    keys.map((key) => ({ key: normaliseQueryText(key), value })),
  ),
);
const classWords = new Set(CLASS_WORDS.map(normaliseQueryText));
const unspacedClassWords = CLASS_WORDS.filter((w) => UNSPACED.test(w));

/**
 * Finds the first phrase of `phrases` in `text` (words one space apart): as whole words, or, for a
 * phrase in an unspaced script, anywhere. Returns the text with it replaced by ` marker `.
 */
function replaceFirst(text: string, phrases: readonly Phrase[], marker: (p: Phrase) => string) {
  for (const p of phrases) {
    if (!p.key) continue;
    if (UNSPACED.test(p.key)) {
      const at = text.indexOf(p.key);
      if (at >= 0) return { text: `${text.slice(0, at)} ${marker(p)} ${text.slice(at + p.key.length)}`, phrase: p };
      continue;
    }
    const padded = ` ${text} `;
    const at = padded.indexOf(` ${p.key} `);
    if (at >= 0) {
      const replaced = `${padded.slice(0, at)} ${marker(p)} ${padded.slice(at + p.key.length + 2)}`;
      return { text: replaced, phrase: p };
    }
  }
  return null;
}

/** Stands around a replaced category word's index (a private-use character: never typed). */
const MARK = '\uE000';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the text asks for; see the module comment. */
export function parseQueryIntent(raw: string): QueryIntent {
  let text = normaliseQueryText(raw);
  let when: WhenWord | null = null;
  let isNearMe = false;

  // Time words: every one is taken out; the longest phrase found names the filter.
  for (let found = replaceFirst(text, whenPhrases, () => '\u0000'); found;) {
    when ??= found.phrase.value as WhenWord;
    text = found.text;
    found = replaceFirst(text, whenPhrases, () => '\u0000');
  }
  for (let found = replaceFirst(text, nearPhrases, () => '\u0000'); found;) {
    isNearMe = true;
    text = found.text;
    found = replaceFirst(text, nearPhrases, () => '\u0000');
  }
  // "perto de Lisboa", "cerca de Bali", "di dekat Ubud": the place search knows "near".
  for (const phrase of NEAR_PLACE_PHRASES) text = ` ${text} `.split(` ${phrase} `).join(' near ').trim();
  // A connector just before a removed phrase ("for tomorrow", "this weekend" already whole).
  const tokens = squash(text).split(' ');
  const kept = tokens.filter((t, i) => t !== '\u0000' && !(TIME_CONNECTORS.has(t) && tokens[i + 1] === '\u0000'));
  text = kept.join(' ');

  // Category words in other languages: each occurrence becomes the English word (marked so that a
  // replacement is never matched again).
  const englishMarks: string[] = [];
  for (let guard = 0; guard < 16; guard++) {
    const found = replaceFirst(text, categoryPhrases, (p) => {
      englishMarks.push(p.value);
      return `${MARK}${englishMarks.length - 1}${MARK}`;
    });
    if (!found) break;
    text = found.text;
  }
  for (const w of unspacedClassWords) text = text.split(w).join(' ');
  const words = squash(text).split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (classWords.has(w)) {
      // "clases de yoga": the class word and its "de" go.
      if (OF_WORDS.has(words[i + 1] ?? '')) i++;
      continue;
    }
    const isMark = w.length > 2 && w.startsWith(MARK) && w.endsWith(MARK);
    out.push(isMark ? (englishMarks[Number(w.slice(1, -1))] as string) : w);
  }
  return { text: out.join(' '), when, isNearMe };
}

/**
 * The days (in `timeZone`, the service's zone) a time word means at `now`, and the wall time a
 * start must not be before on the first of them (tonight: 18:00): today; tonight; tomorrow; this
 * weekend (Saturday and Sunday; on a Sunday, that Sunday).
 */
export function whenDates(
  when: WhenWord,
  now: Date,
  timeZone: string,
): { dates: CalendarDate[]; notBefore: string | null } {
  const today = calendarDateIn(now, timeZone);
  switch (when) {
    case 'today':
      return { dates: [today], notBefore: null };
    case 'tonight':
      return { dates: [today], notBefore: TONIGHT_FROM };
    case 'tomorrow':
      return { dates: [addCalendarDays(today, 1)], notBefore: null };
    case 'weekend': {
      const weekday = weekdayOf(today);
      if (weekday === 0) return { dates: [today], notBefore: null };
      const saturday = addCalendarDays(today, 6 - weekday);
      return { dates: [saturday, addCalendarDays(saturday, 1)], notBefore: null };
    }
  }
}

/**
 * Contact details stay on Locora until a booking between two people is confirmed (decision 051):
 * phone numbers, email addresses, links, messaging handles and bank or payment details in a
 * message are replaced by CONTACT_PLACEHOLDER, for both sides. Prices, times, dates, durations,
 * room numbers and places must get through.
 *
 * libphonenumber-js (each country's number formats) and linkify-it (links) do what they know;
 * the rest is ours: the text is first normalised (NFKC, digits of every script, keycap emoji,
 * digits spelled out in our six languages) with a map back to what was typed, so that disguised
 * forms ("nine one two ...", "9 1 2 . 3 4 5", "912🔥345🔥678", "０９０", "๐๘๑", "at ... dot com")
 * are found, then each finding is masked in the original text. Measured on the labelled set
 * beside this file (contact-details.test.ts prints recall and false positives).
 */
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';

export const CONTACT_PLACEHOLDER = '[contact details are shared once the booking is confirmed]';

export type ContactKind = 'phone' | 'email' | 'link' | 'handle' | 'payment';
export type HiddenDetail = { kind: ContactKind; text: string };
export type MaskResult = { text: string; hidden: HiddenDetail[] };

/** The countries of Locora's cities: a number written without its country code is read as theirs. */
const COUNTRIES: CountryCode[] = ['PT', 'ES', 'BR', 'MX', 'US', 'JP', 'TH', 'ID'];

// ------------------------------------------------------------------------------ normalisation

/** Digit words of our six languages (a run of them is a number spelled out). */
const DIGIT_WORDS: Record<string, number> = {
  // English
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  // Spanish
  cero: 0,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  // Portuguese ('meia' is six when Brazilians read a number aloud)
  um: 1,
  dois: 2,
  três: 3,
  quatro: 4,
  sete: 7,
  oito: 8,
  nove: 9,
  meia: 6,
  // Indonesian
  nol: 0,
  kosong: 0,
  satu: 1,
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  // Japanese (kanji numerals)
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  // Thai
  ศูนย์: 0,
  หนึ่ง: 1,
  สอง: 2,
  สาม: 3,
  สี่: 4,
  ห้า: 5,
  หก: 6,
  เจ็ด: 7,
  แปด: 8,
  เก้า: 9,
};
const WORD_ALTERNATION = Object.keys(DIGIT_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((w) => (/^[a-zà-ÿ]+$/i.test(w) ? `(?<![\\p{L}])${w}(?![\\p{L}])` : w))
  .join('|');
const TOKEN = new RegExp(`([0-9#*])\\uFE0F?\\u20E3|${WORD_ALTERNATION}|[\\s\\S]`, 'giuy');

/** Zero of every run of ten decimal digits in Unicode (Thai ๐, Arabic-Indic ٠, ...). */
let digitZeros: number[] | null = null;
function digitValue(ch: string): number | null {
  if (!/\p{Nd}/u.test(ch)) return null;
  const cp = ch.codePointAt(0)!;
  if (cp < 128) return cp - 48;
  if (!digitZeros) {
    digitZeros = [];
    let run = 0;
    for (let c = 0; c < 0x20000; c++) {
      if (/\p{Nd}/u.test(String.fromCodePoint(c))) {
        if (run % 10 === 0) digitZeros.push(c);
        run += 1;
      } else run = 0;
    }
  }
  let zero = 0;
  for (const z of digitZeros) if (z <= cp) zero = z;
  return cp - zero;
}

/** Zero-width and joiner characters: dropped (they can hide a detail from a pattern). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;

type Normalised = {
  /** The text as patterns read it. */
  text: string;
  /** For each character of `text`: where its source starts and ends in the original. */
  from: number[];
  to: number[];
  /** For each character of `text`: whether it is a digit that was spelled out or an emoji keycap. */
  disguised: boolean[];
};

export function normalise(original: string): Normalised {
  const out: Normalised = { text: '', from: [], to: [], disguised: [] };
  const push = (s: string, start: number, end: number, disguised: boolean) => {
    for (const ch of s) {
      out.text += ch;
      for (let k = 0; k < ch.length; k++) {
        out.from.push(start);
        out.to.push(end);
        out.disguised.push(disguised);
      }
    }
  };
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < original.length && (m = TOKEN.exec(original))) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined) push(m[1], start, end, true);
    else if (m[0].toLowerCase() in DIGIT_WORDS) push(String(DIGIT_WORDS[m[0].toLowerCase()]), start, end, true);
    else {
      // One code point at a time (a surrogate pair is one).
      const cp = original.codePointAt(start)!;
      const ch = String.fromCodePoint(cp);
      TOKEN.lastIndex = start + ch.length;
      if (INVISIBLE.test(ch)) continue;
      const digit = digitValue(ch);
      if (digit !== null) push(String(digit), start, start + ch.length, false);
      else push(ch.normalize('NFKC'), start, start + ch.length, false);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------- finders

type Span = { start: number; end: number; kind: ContactKind };

const CURRENCY_BEFORE = /(?:R\$|US\$|\$|€|£|¥|฿|Rp\.?|MXN|USD|EUR|BRL|IDR|THB|JPY)\s*$/i;
const CURRENCY_AFTER =
  /^\s*(?:k\b|rb\b|ribu|juta|jt\b|baht|บาท|円|yen|reais|real\b|pesos|euros?|dollars?|usd|rupiah|万|€|%|km|m2|min|kg)/i;

/** Dates, times, prices and amounts: never a phone number (their digits are taken out of runs). */
const NOT_A_NUMBER = [
  /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b/g,
  /\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b/g,
  /\b\d{1,2}[:h.]\d{2}(?:\s*[-–]\s*\d{1,2}[:h.]\d{2})?\b/g,
  /(?:R\$|US\$|\$|€|£|¥|฿|Rp\.?)\s*\d[\d.,\s]*\d|(?:R\$|US\$|\$|€|£|¥|฿|Rp\.?)\s*\d/gi,
  /\b\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?\s*(?:baht|บาท|円|yen|reais|pesos|euros?|rupiah|juta|ribu|rb)?/gi,
];

/** Words that say a number is a phone number (within a few words before it). */
const PHONE_WORDS =
  /(?:phone|call|cell|mobile|tel|text me|whats\s?app|wa\b|zap|número|numero|telefone|teléfono|telemóvel|celular|móvil|movil|cel\b|ligar?|llama|電話|携帯|番号|โทร|เบอร์|hp\b|telp|nomor|signal|viber|line)[^\d\n]{0,20}$/i;
/** Words that say a number or name is where money goes. */
const PAYMENT_WORDS =
  /(?:iban|account|acct|conta|cuenta|clabe|rekening|\brek\b|口座|振込|บัญชี|pix|chave|promptpay|พร้อมเพย์|paypal|venmo|zelle|cash\s?app|revolut|wise|bizum|mb\s?way|ovo|dana|gopay|paypay|bank|banco|agência)[^\n]{0,30}$/i;
/** Apps whose names come before a handle. */
const APP_WORDS =
  /(?:(?<![a-z])(?:whats\s?app|wa|zap|line|telegram|tg|instagram|insta|ig|wechat|weixin|kakao(?:\s*talk)?|signal|viber|facebook|fb|messenger|tiktok|snapchat|snap|skype|discord|paypay|venmo|revolut)(?![a-z])|微信|カカオトーク|カカオ|インスタグラム|インスタ|ライン|ไลน์|ไอจี)(?:\s*(?:id|のID|ไอดี))?(?:\s*(?:[:=→-]|は|คือ)|\s+(?:is|es|é|adalah|como|as)\s)?\s*/giu;
/** "my ID is kenji_88", "ID: sushi_master_ken", "ไอดี nong_mai99". */
const ID_WORDS = /(?:(?<![a-z])id(?![a-z])|ไอดี)(?:\s*(?:[:=→-]|は|คือ)|\s+(?:is|es|é|adalah)\s)?\s*/giu;
/** A handle: ASCII letters, digits and _ . - ~ (full-width ones were made ASCII by NFKC). */
const HANDLE = /^@?[A-Za-z0-9][A-Za-z0-9_.\-~]{2,39}/;
const STOP_WORDS = new Set([
  'the',
  'me',
  'please',
  'pls',
  'too',
  'there',
  'here',
  'and',
  'or',
  'if',
  'so',
  'same',
  'aja',
  'ya',
  'kak',
  'ok',
  'okay',
  'works',
  'is',
  'es',
  'é',
  'then',
  'first',
  'instead',
  'later',
  'group',
  'call',
  'chat',
  'app',
]);
const AT_WORDS = '(?:@|at|arroba|アットマーク|แอท)';
const DOT_WORDS = '(?:\\.|dot|punto|ponto|titik|ドット|ดอท|จุด)';
const SPELLED_EMAIL = new RegExp(
  `[\\p{L}\\p{N}._%+-]+(?:\\s*[(\\[{<]?\\s*${DOT_WORDS}\\s*[)\\]}>]?\\s*[\\p{L}\\p{N}_-]+)*\\s*[(\\[{<]?\\s*${AT_WORDS}\\s*[)\\]}>]?\\s*[\\p{L}\\p{N}-]+(?:\\s*[(\\[{<]?\\s*${DOT_WORDS}\\s*[)\\]}>]?\\s*(?:com|net|org|co|io|me|br|es|pt|jp|th|id|mx|us|uk|de|fr|info|biz))+`,
  'giu',
);
const MAIL_PROVIDER = new RegExp(
  `[\\p{L}\\p{N}._%+-]+\\s*[(\\[{<]?\\s*${AT_WORDS}\\s*[)\\]}>]?\\s*(?:gmail|hotmail|yahoo|outlook|icloud|proton(?:mail)?|live|uol|bol|terra|sapo|qq|163|naver|gmx)\\b`,
  'giu',
);
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
/** A Brazilian CPF or CNPJ, the usual PIX key. */
const TAX_ID = /\b\d{3}\.\d{3}\.\d{3}-\d{2}\b|\b\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\b/g;
const IBAN = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g;
const CASHTAG = /(?<![\p{L}\p{N}])\$[A-Za-z][A-Za-z0-9_-]{2,30}/gu;
/** A bare @handle (not an email: nothing word-like before the @), with a letter in it. */
const AT_HANDLE = /(?<![\p{L}\p{N}.])@[\p{L}\p{N}_][\p{L}\p{N}_.-]{2,39}/gu;
const AT_STOP = /^@(?:the|home|hotel|lobby|noon|night|airport|station|beach|reception|entrance|gate)$/i;

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Runs of digits with short gaps (spaces, punctuation, emoji), in text whose dates and prices are blanked. */
function digitRuns(text: string): { start: number; end: number; digits: string; groups: number[]; gaps: string[] }[] {
  const runs: { start: number; end: number; digits: string; groups: number[]; gaps: string[] }[] = [];
  const re = /\d+/g;
  let m: RegExpExecArray | null;
  let current: (typeof runs)[number] | null = null;
  while ((m = re.exec(text))) {
    const gap = current ? text.slice(current.end, m.index) : '';
    // A gap joins two groups when it is short and holds no letter (a long dash ー counts as a dash).
    const joins =
      current &&
      gap.length <= 8 &&
      /^[^\p{L}\p{N}]*$/u.test(gap.replace(/[ー]/g, '-')) &&
      !/[:/]/.test(gap) &&
      gap.replace(/\s/g, '').length <= 4;
    if (current && joins) {
      current.end = m.index + m[0].length;
      current.digits += m[0];
      current.groups.push(m[0].length);
      current.gaps.push(gap);
    } else {
      if (current) runs.push(current);
      current = { start: m.index, end: m.index + m[0].length, digits: m[0], groups: [m[0].length], gaps: [] };
    }
  }
  if (current) runs.push(current);
  return runs;
}

function findSpans(n: Normalised): Span[] {
  const spans: Span[] = [];
  const text = n.text;
  const add = (start: number, end: number, kind: ContactKind) => {
    if (end > start) spans.push({ start, end, kind });
  };

  // Emails, written plainly or spelled out ("paolo at gmail dot com").
  for (const re of [EMAIL, SPELLED_EMAIL, MAIL_PROVIDER])
    for (const m of text.matchAll(re)) {
      // "at" and "dot" need a name on each side: "meet at noon. com..." is not an address.
      if (re !== EMAIL && !/(@|arroba|アットマーク|แอท|\bat\b)/i.test(m[0])) continue;
      add(m.index!, m.index! + m[0].length, 'email');
    }

  // Links (linkify-it): with or without http, including wa.me, t.me, paypal.me.
  for (const m of linkify.match(text) ?? []) add(m.index, m.lastIndex, m.schema === 'mailto:' ? 'email' : 'link');

  // IBANs and $cashtags.
  for (const m of text.matchAll(IBAN)) add(m.index!, m.index! + m[0].length, 'payment');
  for (const m of text.matchAll(TAX_ID)) add(m.index!, m.index! + m[0].length, 'payment');
  for (const m of text.matchAll(CASHTAG)) add(m.index!, m.index! + m[0].length, 'payment');

  // Handles: after an app's name ("my insta is chef.paolo", "LINE ID: kenji_88"), or a bare @name.
  const afterWords = [...text.matchAll(APP_WORDS), ...text.matchAll(ID_WORDS)];
  for (const m of afterWords) {
    const after = m.index! + m[0].length;
    const rest = text.slice(after);
    const h = HANDLE.exec(rest);
    if (!h) continue;
    const handle = h[0].replace(/[.\-~]+$/, '').replace(/^@/, '');
    const explicit = /[:=→]|\s(?:is|es|é|adalah|como|as)\s|は|คือ|id|ไอดี/i.test(m[0]) || h[0].startsWith('@');
    const looksLikeHandle = /[\d_.]/.test(handle) || explicit;
    if (!looksLikeHandle || STOP_WORDS.has(handle.toLowerCase())) continue;
    if (/^\d/.test(handle)) continue; // a number: the phone finders judge it
    add(after, after + h[0].replace(/[.\-~]+$/, '').length, 'handle');
  }
  for (const m of text.matchAll(AT_HANDLE)) {
    if (AT_STOP.test(m[0]) || !/\p{L}/u.test(m[0])) continue;
    add(m.index!, m.index! + m[0].length, 'handle');
  }

  // Dates, times, prices and amounts, blanked: no digit of theirs is a phone number's.
  let blanked = text;
  for (const re of NOT_A_NUMBER) blanked = blanked.replace(re, (s) => ' '.repeat(s.length));

  // Phone numbers libphonenumber-js knows in one of our countries, unless they are prices or amounts.
  for (const country of COUNTRIES)
    for (const found of findPhoneNumbersInText(text, country)) {
      const before = text.slice(0, found.startsAt);
      const after = text.slice(found.endsAt);
      if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) continue;
      const raw = text.slice(found.startsAt, found.endsAt);
      if (/[:/]/.test(raw)) continue;
      const kept = blanked.slice(found.startsAt, found.endsAt).replace(/\D/g, '').length;
      if (kept < raw.replace(/\D/g, '').length && !PHONE_WORDS.test(before)) continue;
      // A number formatted in thousands ("1.500.000"), or too short to call, is not a phone number.
      if (/^\d{1,3}(?:[.,]\d{3})+$/.test(raw) && !PHONE_WORDS.test(before)) continue;
      if (raw.replace(/\D/g, '').length < 8 && !PHONE_WORDS.test(before)) continue;
      add(found.startsAt, found.endsAt, 'phone');
    }

  // Disguised numbers and numbers said to be phones or accounts: runs of digits (dates, times and
  // prices blanked first) with gaps of spaces, dots, dashes or emoji.
  for (const run of digitRuns(blanked)) {
    const count = run.digits.length;
    const before = text.slice(Math.max(0, run.start - 40), run.start);
    const disguisedDigits = n.disguised.slice(run.start, run.end).filter(Boolean).length;
    const spacedOut = run.groups.length >= 4 && run.groups.filter((g) => g <= 2).length >= run.groups.length - 1;
    const emojiGap = run.gaps.some((g) => /[^\s.\-–—•·・,()[\]]/u.test(g));
    if (PAYMENT_WORDS.test(before) && count >= 5) add(run.start, run.end, 'payment');
    else if (count >= 13 && count <= 19 && luhn(run.digits)) add(run.start, run.end, 'payment');
    else if (count >= 16 && count <= 30) add(run.start, run.end, 'payment');
    else if (count >= 7 && count <= 15 && (disguisedDigits >= 3 || spacedOut || emojiGap))
      add(run.start, run.end, 'phone');
    else if (count >= 7 && count <= 15 && PHONE_WORDS.test(before)) add(run.start, run.end, 'phone');
    // An international number ("+44 7700 900123"), valid in a country of ours or not.
    else if (count >= 8 && count <= 15 && /\+\s*$/.test(before)) add(run.start - 1, run.end, 'phone');
  }
  return spans;
}

/** Masks what findSpans found, in the text as typed; overlapping findings become one. */
export function maskContactDetails(original: string): MaskResult {
  const n = normalise(original);
  const spans = findSpans(n)
    .map((s) => ({ start: n.from[s.start]!, end: n.to[s.end - 1]!, kind: s.kind }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: typeof spans = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  if (merged.length === 0) return { text: original, hidden: [] };
  let text = '';
  let at = 0;
  const hidden: HiddenDetail[] = [];
  for (const s of merged) {
    text += original.slice(at, s.start) + CONTACT_PLACEHOLDER;
    hidden.push({ kind: s.kind, text: original.slice(s.start, s.end) });
    at = s.end;
  }
  return { text: text + original.slice(at), hidden };
}

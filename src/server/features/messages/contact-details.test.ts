/**
 * The masking of contact details, measured (decision 051) on the labelled set kept beside this
 * file (contact-details/labelled-*.tsv): at least 400 real-looking messages in English, Spanish,
 * Portuguese, Japanese, Thai and Indonesian, with and without contact details, disguised forms
 * included. A message with contact details counts as caught when none of its labelled fragments
 * survives; a false positive is a message without contact details that was changed, or a
 * fragment that must get through (a price, a time, a room number...) that was hidden. Prints
 * recall and false positives; fails below 95 % recall or above 2 % false positives. A held-out
 * set (contact-details/held-out), written after the rules and never used to tune them, is measured
 * the same way and its precision and recall printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTACT_PLACEHOLDER, maskContactDetails } from './contact-details.ts';

type Labelled = {
  file: string;
  line: number;
  lang: string;
  contact: boolean;
  text: string;
  hide: string[];
  keep: string[];
};

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contact-details');
const split = (s: string | undefined) =>
  s
    ? s
        .split(';;')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const readSet = (dir: string): Labelled[] =>
  fs
    .readdirSync(dir)
    .filter((f) => /^labelled-.*\.tsv$/.test(f))
    .flatMap((file) =>
      fs
        .readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => line.trim() && !line.startsWith('#'))
        .map(({ line, i }) => {
          const [lang = '', label, text = '', hide, keep] = line.split('\t');
          return { file, line: i + 1, lang, contact: label === 'C', text, hide: split(hide), keep: split(keep) };
        }),
    );
/** The set the rules were written against. */
const set = readSet(root);
/**
 * The held-out set (contact-details/held-out): written after the rules and never used to change
 * them, so its numbers say how the rules do on messages they were not tuned to. A message of it
 * that the rules get wrong is fixed in the rules only together with a new held-out set.
 */
const heldOut = readSet(path.join(root, 'held-out'));

const checkLabels = (messages: Labelled[]) => {
  for (const m of messages) {
    const where = `${m.file}:${m.line}`;
    expect(m.contact ? m.hide.length : 0, `${where} names what to hide`).toBe(m.contact ? m.hide.length || -1 : 0);
    for (const f of [...m.hide, ...m.keep]) expect(m.text, `${where}: "${f}" is in the message`).toContain(f);
  }
};

/**
 * Recall (messages with contact details none of whose labelled fragments survives), precision
 * (messages the masking changed that did hold contact details) and false positives (clean
 * messages changed, or fragments that must get through hidden), printed per language.
 */
function measure(name: string, messages: Labelled[]) {
  const missed: string[] = [];
  const falsePositives: string[] = [];
  let caught = 0;
  let contact = 0;
  let clean = 0;
  let withKeep = 0;
  let changed = 0;
  let changedWithContact = 0;
  const perLanguage = new Map<string, { caught: number; contact: number; fp: number; clean: number }>();
  for (const m of messages) {
    const lang = perLanguage.get(m.lang) ?? { caught: 0, contact: 0, fp: 0, clean: 0 };
    perLanguage.set(m.lang, lang);
    const { text } = maskContactDetails(m.text);
    if (text !== m.text) {
      changed += 1;
      if (m.contact) changedWithContact += 1;
    }
    const lost = m.keep.filter((k) => !text.includes(k));
    const where = `${m.file}:${m.line} ${m.text}\n    -> ${text}`;
    if (m.contact) {
      contact += 1;
      lang.contact += 1;
      if (m.keep.length) withKeep += 1;
      const survived = m.hide.filter((h) => text.includes(h));
      if (survived.length === 0 && text.includes(CONTACT_PLACEHOLDER)) {
        caught += 1;
        lang.caught += 1;
      } else missed.push(where);
      if (lost.length) {
        falsePositives.push(`${where} (lost ${lost.join(', ')})`);
        lang.fp += 1;
      }
    } else {
      clean += 1;
      lang.clean += 1;
      if (text !== m.text) {
        falsePositives.push(where);
        lang.fp += 1;
      }
    }
  }
  const recall = caught / contact;
  const precision = changed ? changedWithContact / changed : 1;
  const fpRate = falsePositives.length / (clean + withKeep);
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log(
    [
      `Contact-detail masking, ${name}: ${messages.length} labelled messages (${contact} with contact details, ${clean} without):`,
      `  recall ${pct(recall)} (${caught}/${contact})`,
      `  precision ${pct(precision)} (${changedWithContact}/${changed} changed messages held contact details)`,
      `  false positives ${pct(fpRate)} (${falsePositives.length}/${clean + withKeep})`,
      ...[...perLanguage].map(
        ([l, s]) => `  ${l}: recall ${s.caught}/${s.contact}, false positives ${s.fp}/${s.clean} clean messages`,
      ),
      ...(missed.length ? ['  missed:', ...missed.map((x) => `    ${x}`)] : []),
      ...(falsePositives.length ? ['  false positives:', ...falsePositives.map((x) => `    ${x}`)] : []),
    ].join('\n'),
  );
  return { recall, precision, fpRate };
}

describe('the labelled set', () => {
  it('holds at least 400 messages in six languages, each label checkable', () => {
    expect(set.length).toBeGreaterThanOrEqual(400);
    const langs = new Set(set.map((m) => m.lang));
    expect([...langs].sort()).toEqual(['en', 'es', 'id', 'ja', 'pt', 'th']);
    checkLabels(set);
  });

  it('has a held-out part of at least 100 messages in the six languages, none of them in the rules’ set', () => {
    expect(heldOut.length).toBeGreaterThanOrEqual(100);
    expect([...new Set(heldOut.map((m) => m.lang))].sort()).toEqual(['en', 'es', 'id', 'ja', 'pt', 'th']);
    checkLabels(heldOut);
    const seen = new Set(set.map((m) => m.text));
    expect(heldOut.filter((m) => seen.has(m.text))).toEqual([]);
  });
});

describe('masking contact details', () => {
  it('catches at least 95 % of messages with contact details, with at most 2 % false positives', () => {
    const { recall, fpRate } = measure('the rules’ set', set);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(fpRate).toBeLessThanOrEqual(0.02);
  });

  it('on the held-out set: prints precision and recall; at least 90 % recall and 95 % precision', () => {
    const { recall, precision } = measure('held-out set', heldOut);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('tells the sender what it hid, and of which kind', () => {
    const result = maskContactDetails('Call me on +351 912 345 678 or write to ana@example.com, room 12 at 9am');
    expect(result.text).toBe(`Call me on ${CONTACT_PLACEHOLDER} or write to ${CONTACT_PLACEHOLDER}, room 12 at 9am`);
    expect(result.hidden).toEqual([
      { kind: 'phone', text: '+351 912 345 678' },
      { kind: 'email', text: 'ana@example.com' },
    ]);
    expect(maskContactDetails('See you at 9am in room 12!')).toEqual({
      text: 'See you at 9am in room 12!',
      hidden: [],
    });
  });
});

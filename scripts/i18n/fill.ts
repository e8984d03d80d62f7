// npm run i18n:fill -- sheet.tsv: writes a translation sheet into the PO catalogs, wherever each
// message is. For translators who work in a spreadsheet rather than in PO files. A sheet is either
// JSON ({ "English message": { "es": "...", "pt-BR": "...", ... } }) or tab-separated values, one
// message a line in the columns en, es, pt-BR, pt-PT, ja, th, id ('\n' for a line break, '#' starts
// a comment line). A message with a context is named `context\u0004message` (in JSON, "\u0004"), or by its
// message alone for every context. Then `npm run i18n:check` compiles them.
import fs from 'node:fs';
import { LOCALES } from '../../src/shared/domain/locales.ts';
import { applySheet, type Sheet } from './catalogs.ts';

function readSheet(file: string): Sheet {
  const text = fs.readFileSync(file, 'utf8');
  if (!file.endsWith('.tsv')) return JSON.parse(text) as Sheet;
  const sheet: Sheet = {};
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const cells = line.split('\t').map((cell) => cell.replace(/\\n/g, '\n'));
    if (cells.length !== LOCALES.length)
      throw new Error(`${file}:${index + 1}: ${cells.length} columns, not ${LOCALES.length}`);
    const [source, ...translations] = cells;
    sheet[source!] = Object.fromEntries(LOCALES.slice(1).map((locale, i) => [locale, translations[i]]));
  }
  return sheet;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npm run i18n:fill -- sheet.json [more.json]');
  process.exit(2);
}
for (const file of files) {
  const unused = applySheet(readSheet(file));
  for (const msgid of unused) console.warn(`${file}: no catalog has ${JSON.stringify(msgid)}`);
}

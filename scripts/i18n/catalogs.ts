import fs from 'node:fs';
import path from 'node:path';
import { parseIcu, parsePo, stringifyPo, type IcuNode, type PoFile } from 'pofile-ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/shared/domain/locales.ts';

/**
 * The checks CI runs on the translations (docs/decisions/055-languages.md), as pure functions over
 * PO files: every message of the source has a translation in every other language, and each
 * translation has the same placeholders as its source (its `{name}`s, plurals and selects, and
 * Lingui's numbered tags `<0>…</0>` for the elements inside a <Trans>).
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Every PO file: the client's catalogs and the server's, by locale. */
export function catalogFiles(): { locale: string; catalog: string; file: string }[] {
  const files: { locale: string; catalog: string; file: string }[] = [];
  for (const locale of LOCALES) {
    const clientDir = path.join(root, 'src/locales', locale);
    for (const name of fs.existsSync(clientDir) ? fs.readdirSync(clientDir) : []) {
      if (name.endsWith('.po')) files.push({ locale, catalog: name.slice(0, -3), file: path.join(clientDir, name) });
    }
    const server = path.join(root, 'src/server/locales', `${locale}.po`);
    if (fs.existsSync(server)) files.push({ locale, catalog: 'server', file: server });
  }
  return files;
}

/** The placeholders of an ICU message, as a sorted list ('name', 'count:plural', '<0>'). */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (nodes: IcuNode[]) => {
    for (const node of nodes) {
      switch (node.type) {
        case 'literal':
        case 'pound':
          break;
        case 'tag':
          found.add(`<${node.value}>`);
          visit(node.children);
          break;
        case 'plural':
        case 'select':
          found.add(`${node.value}:${node.type}`);
          for (const option of Object.values(node.options)) visit(option.value);
          break;
        case 'argument':
          found.add(node.value);
          break;
        default:
          found.add(`${node.value}:${node.type}`);
      }
    }
  };
  const parsed = parseIcu(message);
  if (!parsed.success) throw new Error(`not a valid ICU message: ${parsed.errors.map((e) => e.message).join('; ')}`);
  visit(parsed.ast);
  return [...found].sort();
}

export type CatalogProblem = { locale: string; catalog: string; msgid: string; problem: string };

/** What is wrong with one locale's catalog: untranslated messages, placeholders that differ. */
export function problemsOf(po: PoFile, locale: string, catalog: string): CatalogProblem[] {
  const problems: CatalogProblem[] = [];
  for (const item of po.items) {
    if (item.obsolete) continue;
    const source = item.msgid;
    const translation = item.msgstr[0] ?? '';
    const at = { locale, catalog, msgid: source };
    if (locale !== DEFAULT_LOCALE && translation.trim() === '') {
      problems.push({ ...at, problem: 'no translation' });
      continue;
    }
    if (translation === '') continue;
    let expected: string[];
    try {
      expected = placeholdersOf(source);
    } catch (error) {
      problems.push({ ...at, problem: `source: ${(error as Error).message}` });
      continue;
    }
    let actual: string[];
    try {
      actual = placeholdersOf(translation);
    } catch (error) {
      problems.push({ ...at, problem: `translation: ${(error as Error).message}` });
      continue;
    }
    if (expected.join('\n') !== actual.join('\n')) {
      problems.push({
        ...at,
        problem: `placeholders differ: the source has ${expected.join(', ') || 'none'}, the translation ${actual.join(', ') || 'none'}`,
      });
    }
  }
  return problems;
}

/** Every problem of every catalog on disk. */
export function catalogProblems(): CatalogProblem[] {
  return catalogFiles().flatMap(({ locale, catalog, file }) =>
    problemsOf(parsePo(fs.readFileSync(file, 'utf8')), locale, catalog),
  );
}

/** A translation sheet: source message -> its translation in each language (not English). */
export type Sheet = Record<string, Partial<Record<string, string>>>;

/**
 * Writes the translations of `sheet` into every catalog holding those messages (a message used in
 * two catalogs is translated in both). Returns the messages of the sheet no catalog holds.
 */
export function applySheet(sheet: Sheet): string[] {
  const used = new Set<string>();
  for (const { locale, file } of catalogFiles()) {
    if (locale === DEFAULT_LOCALE) continue;
    const po = parsePo(fs.readFileSync(file, 'utf8'));
    let changed = false;
    for (const item of po.items) {
      // A message with a context is named `context\u0004message` (gettext's own key), or by its message alone.
      const key = item.msgctxt ? `${item.msgctxt}\u0004${item.msgid}` : item.msgid;
      const named = sheet[key] !== undefined ? key : item.msgid;
      const translation = sheet[named]?.[locale];
      if (translation === undefined) continue;
      used.add(named);
      if (item.msgstr[0] !== translation) {
        item.msgstr = [translation];
        changed = true;
      }
    }
    if (changed) fs.writeFileSync(file, stringifyPo(po));
  }
  return Object.keys(sheet).filter((key) => !used.has(key));
}

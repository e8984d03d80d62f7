import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: code, comments, tests and docs name the rule, docs/product.md
 * or a decision record (docs/decisions/NNN), never a document or tracker a person cloning the
 * repository cannot read (the old specification and architecture files, issue numbers, "the issue").
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED_DIRS = ['src', 'scripts', 'e2e', 'docs'];
const SCANNED_ROOT_FILES = ['README.md', 'eslint.config.js'];
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.json',
  '.md',
  '.sql',
  '.css',
  '.html',
  '.yml',
  '.yaml',
  '.txt',
]);
const THIS_FILE = 'src/server/docs-references.test.ts';

const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'the specification file', pattern: /\bSPEC\b/ },
  { name: 'an unpublished design document', pattern: /\b(?:ARCHITECTURE|CONVENTIONS)\.md\b/ },
  { name: 'an issue number', pattern: /\bissues? #?\d+/i },
  { name: '"the issue"', pattern: /\b(?:the|this|a later|foundation|production|booking) issue\b/i },
];

function listFiles(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name)))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'));
}

function references(file: string): string[] {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    for (const { name, pattern } of FORBIDDEN) {
      if (pattern.test(line)) found.push(`${file}:${i + 1}: ${name}: ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

const scanned = [
  ...SCANNED_DIRS.flatMap(listFiles),
  ...SCANNED_ROOT_FILES.filter((file) => fs.existsSync(path.join(root, file))),
].filter((file) => file !== THIS_FILE);

describe('references a reader of the repository can follow', () => {
  it('scans the source, scripts, end-to-end tests and docs', () => {
    expect(scanned).toContain('docs/product.md');
    expect(scanned).toContain('src/server/app.ts');
    expect(scanned.some((file) => file.startsWith('docs/decisions/'))).toBe(true);
    expect(scanned.some((file) => file.startsWith('e2e/'))).toBe(true);
  });

  it('finds what it forbids', () => {
    // Assembled from parts, so this file itself never holds the references it forbids.
    const md = (name: string) => `${name}.md`;
    const planted = [
      `see ${md('SPEC')} section 2`,
      "SPEC's text",
      `${md('ARCHITECTURE')} says`,
      `(${'issue'} 12)`,
      'Issue 7 section 5',
      'as the issue asks',
      "the trigger of this issue's migration",
      'the booking issue reads that',
      'the dashboards are a later issue',
    ];
    for (const text of planted)
      expect(
        FORBIDDEN.some(({ pattern }) => pattern.test(text)),
        text,
      ).toBe(true);
    const fine = [
      'UPLOAD_MAX_ASPECT_RATIO',
      'the issuer could not be discovered',
      'e2e/checkout.spec.ts',
      'decision 021',
    ];
    for (const text of fine)
      expect(
        FORBIDDEN.some(({ pattern }) => pattern.test(text)),
        text,
      ).toBe(false);
  });

  it('name rules, docs/product.md or decision records, not the specification or issues', () => {
    const found = scanned.flatMap(references);
    expect(found).toEqual([]);
  });
});

// The class groups `cn()` merges (src/client/lib/utils.ts), generated from the classes the app
// uses (docs/decisions/026-declarative-router-and-lean-class-merge.md, and 055's addendum on the
// first load).
//
// tailwind-merge's default config knows every Tailwind utility (7 kB gzip of validators and
// scales), and its runtime builds a tree of class parts from a config. This script asks
// Tailwind's own scanner for every candidate class in src/client and src/shared (what Tailwind
// builds CSS for), asks tailwind-merge's default config which class group each belongs to, and
// writes a table: the classes of each group (the group's id is its index; each group written as
// the classes' common start, then the rest of each class), and the default
// config's conflicts between the groups used. cn() runs tailwind-merge's merge over that table, so
// for those classes it merges exactly as the default twMerge does; a class that is not in the
// file is one Tailwind built no CSS for.
//
//   node scripts/tw-merge-config.mjs          writes src/client/lib/tw-merge-config.ts
//   node scripts/tw-merge-config.mjs --check  fails if the file is not what the sources need
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Scanner } from '@tailwindcss/oxide';
import * as prettier from 'prettier';
import { getDefaultConfig } from 'tailwind-merge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(root, 'src/client/lib/tw-merge-config.ts');

/** Every candidate class in the app's sources, as Tailwind scans them. */
export function candidates() {
  const scanner = new Scanner({
    sources: [
      ...['src/client', 'src/shared'].map((dir) => ({
        base: path.join(root, dir),
        pattern: '**/*.{ts,tsx,html}',
        negated: false,
      })),
      // Not markup: this script's output (class group names) and tests.
      { base: path.join(root, 'src/client/lib'), pattern: 'tw-merge-config.ts', negated: true },
      { base: root, pattern: 'src/**/*.test.ts', negated: true },
    ],
  });
  return [...new Set(scanner.scan())].sort();
}

/** tailwind-merge's own group lookup (not exported), from its bundle. */
async function classGroupUtils(config) {
  const bundle = fs.readFileSync(path.join(root, 'node_modules/tailwind-merge/dist/bundle-mjs.mjs'), 'utf8');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-merge-'));
  const file = path.join(dir, 'bundle.mjs');
  fs.writeFileSync(
    file,
    `${bundle.replace(/^\/\/# sourceMappingURL=.*$/m, '')}\nexport { createClassGroupUtils as __createClassGroupUtils };\n`,
  );
  try {
    const mod = await import(pathToFileURL(file).href);
    return mod.__createClassGroupUtils(config);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The utility of a class without its variants (`md:hover:`) and important mark (`!`). */
function baseClass(className) {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) start = i + 1;
  }
  let base = className.slice(start);
  if (base.startsWith('!')) base = base.slice(1);
  if (base.endsWith('!')) base = base.slice(0, -1);
  return base;
}

/** Where a postfix modifier starts (the last "/" outside brackets), as tailwind-merge finds it. */
function postfixPosition(base) {
  let depth = 0;
  let position = -1;
  for (let i = 0; i < base.length; i++) {
    const c = base[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === '/' && depth === 0) position = i;
  }
  return position;
}

/** A group's classes as their common start, then what follows it in each: 'gap- 1 2 4'. */
function sharingPrefix(classes) {
  let prefix = classes.length > 1 ? classes[0] : '';
  for (const name of classes) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return [prefix, ...classes.map((name) => name.slice(prefix.length))].join(' ');
}

export async function generate() {
  const config = getDefaultConfig();
  const { getClassGroupId } = await classGroupUtils(config);
  /** @type {Map<string, Set<string>>} */
  const groups = new Map();
  for (const candidate of candidates()) {
    const base = baseClass(candidate);
    // As tailwind-merge looks a class up: without its postfix modifier (bg-primary/90) first.
    const slash = postfixPosition(base);
    const tries = slash > 0 ? [base.slice(0, slash), base] : [base];
    for (const name of tries) {
      const group = getClassGroupId(name);
      if (!group) continue;
      // Literal class paths as tailwind-merge splits them (a leading "-" is a negative value).
      const literal = name.startsWith('-') && name.length > 1 ? name.slice(1) : name;
      if (literal.startsWith('[')) break; // arbitrary properties are recognised without config
      if (!groups.has(group)) groups.set(group, new Set());
      groups.get(group).add(literal);
      break;
    }
  }
  const used = [...groups.keys()].sort();
  // Group ids only need to differ (tailwind-merge compares them): their index in the table.
  const ids = new Map(used.map((group, i) => [group, i]));
  const pick = (map) =>
    Object.fromEntries(
      used
        .filter((group) => map[group]?.some((other) => groups.has(other)))
        .map((group) => [ids.get(group), map[group].filter((other) => groups.has(other)).map((o) => ids.get(o))]),
    );
  const generated = {
    classGroups: used.map((group) => sharingPrefix([...groups.get(group)].sort())),
    conflictingClassGroups: pick(config.conflictingClassGroups),
    conflictingClassGroupModifiers: pick(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? [])
      .filter((group) => groups.has(group))
      .map((group) => ids.get(group)),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
  const text = [
    '// Generated by `node scripts/tw-merge-config.mjs` from the classes in src/client and src/shared:',
    '// do not edit. See docs/decisions/026-declarative-router-and-lean-class-merge.md.',
    `export const twMergeConfig = ${JSON.stringify(generated)};`,
    '',
  ].join('\n');
  // As `prettier --check .` wants it.
  return prettier.format(text, { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = await generate();
  if (process.argv.includes('--check')) {
    if (fs.readFileSync(OUTPUT, 'utf8') !== text) {
      console.error('src/client/lib/tw-merge-config.ts is stale: run node scripts/tw-merge-config.mjs');
      process.exit(1);
    }
  } else {
    fs.writeFileSync(OUTPUT, text);
  }
}

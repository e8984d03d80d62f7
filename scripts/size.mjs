#!/usr/bin/env node
// The first-load JavaScript budget (`npm run size`, after a client build): reads Vite's manifest,
// walks the entry chunk and its static imports (what the browser fetches before the first page can
// run), gzips each chunk (level 9, as the .gz files the server sends), prints a table and fails
// when the total or a chunk is over its budget, naming the chunks that grew since the recorded
// baseline. Deterministic: it reads only the build output and scripts/size-budget.json.
//
//   npm run size                      check dist/client against the budgets
//   npm run size -- --update-baseline record today's sizes as the baseline (after a reviewed change)
//   npm run size -- --json            the same numbers as JSON
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');
const budgetFile = path.join(root, 'scripts/size-budget.json');
const args = new Set(process.argv.slice(2));

const KB = 1000; // kB as Vite and Lighthouse print them

if (!fs.existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${path.relative(root, manifestFile)}: build the client first (npx vite build).`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const budget = JSON.parse(fs.readFileSync(budgetFile, 'utf8'));

/** A stable name for a chunk: its source for entries and pages, Vite's chunk name for shared chunks. */
function chunkName(key, chunk) {
  return chunk.src ?? chunk.name ?? key;
}

/** Entry chunks, plus the chunks of routes loaded on `/` even when the router loads them lazily. */
const roots = [
  // The catalogs are chunks of their own (vite.config.ts, catalogChunks): English's `app` is counted below.
  ...Object.keys(manifest).filter(
    (key) => manifest[key].isEntry && manifest[key].file.endsWith('.js') && !key.startsWith('../locales/'),
  ),
  ...(budget.alsoLoadedOnHome ?? []).filter((key) => manifest[key] && !manifest[key].isEntry),
];
if (roots.length === 0) {
  console.error('The manifest has no entry chunk.');
  process.exit(2);
}

const seen = new Set();
const order = [];
function walk(key) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  order.push(key);
  for (const imported of manifest[key].imports ?? []) walk(imported);
}
roots.forEach(walk);

function sizes(file) {
  const body = fs.readFileSync(path.join(clientDir, file));
  return {
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }).length,
  };
}

const rows = order.map((key) => ({
  name: chunkName(key, manifest[key]),
  file: manifest[key].file,
  ...sizes(manifest[key].file),
}));

/*
 * The words of the first page (docs/decisions/055-languages.md): each locale's compiled catalogs
 * that `/` loads (budget.firstLoadCatalogs, the `app` catalog), each its own chunk. English's count in
 * the first load; every other locale's are what that language adds, each held to
 * budget.localeCatalogGzip.
 */
const catalogKey = (locale, name) => `../locales/${locale}/${name}.ts`;
const localeCatalogs = (budget.locales ?? []).map((locale) => {
  const files = (budget.firstLoadCatalogs ?? []).map((name) => {
    const chunk = manifest[catalogKey(locale, name)];
    if (!chunk) throw new Error(`No chunk for the catalog ${catalogKey(locale, name)} in the manifest.`);
    return { name: `catalog ${locale}/${name}`, file: chunk.file, ...sizes(chunk.file) };
  });
  return { locale, files, gzip: files.reduce((sum, f) => sum + f.gzip, 0) };
});
const english = localeCatalogs.find((c) => c.locale === 'en');
if (english) rows.push(...english.files);

// Classic scripts the HTML loads before the app (the theme script), when the build has an index.html.
const indexHtml = path.join(clientDir, 'index.html');
if (fs.existsSync(indexHtml)) {
  const html = fs.readFileSync(indexHtml, 'utf8');
  const chunkFiles = new Set(rows.map((row) => row.file));
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="\/([^"?#]+)"/g)) {
    const file = match[1];
    if (chunkFiles.has(file) || !fs.existsSync(path.join(clientDir, file))) continue;
    rows.push({ name: file, file, ...sizes(file) });
  }
}

const css = [...new Set(order.flatMap((key) => manifest[key].css ?? []))].map((file) => ({
  name: 'css',
  file,
  ...sizes(file),
}));

const total = rows.reduce(
  (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
  {
    raw: 0,
    gzip: 0,
    brotli: 0,
  },
);

/*
 * What a page loads beyond the first load (budget.pages): its lazy chunk and every chunk that chunk
 * imports, less those of the first load. A page's files are round trips before it is live on a
 * phone, so each page named there has a budget of files and of gzip bytes (decision 071: the
 * chunk groups of scripts/chunk-groups.ts).
 */
const pages = Object.entries(budget.pages ?? {}).map(([key, limits]) => {
  if (!manifest[key]) return { key, missing: true, limits, files: 0, gzip: 0 };
  const files = new Set();
  const visit = (chunkKey) => {
    if (seen.has(chunkKey) || files.has(chunkKey) || !manifest[chunkKey]) return;
    files.add(chunkKey);
    for (const imported of manifest[chunkKey].imports ?? []) visit(imported);
  };
  visit(key);
  const gzip = [...files].reduce((sum, chunkKey) => sum + sizes(manifest[chunkKey].file).gzip, 0);
  return { key, limits, files: files.size, gzip };
});

const baseline = budget.baseline ?? {};
const kb = (bytes) => (bytes / KB).toFixed(2);
const delta = (row) => {
  const before = baseline[row.name];
  if (before === undefined) return 'new';
  const diff = row.gzip - before;
  return `${diff >= 0 ? '+' : ''}${kb(diff)}`;
};

if (args.has('--update-baseline')) {
  budget.baseline = Object.fromEntries(rows.map((row) => [row.name, row.gzip]));
  fs.writeFileSync(budgetFile, `${JSON.stringify(budget, null, 2)}\n`);
  console.log(`Recorded the gzip size of ${rows.length} first-load chunks in ${path.relative(root, budgetFile)}.`);
  process.exit(0);
}

const failures = [];
const limit = budget.firstLoadJsGzip;
for (const { locale, gzip } of localeCatalogs) {
  if (locale !== 'en' && gzip > budget.localeCatalogGzip)
    failures.push(
      `the ${locale} catalogs of / are ${kb(gzip)} kB gzip, over the ${kb(budget.localeCatalogGzip)} kB a language may add`,
    );
}
for (const row of rows) {
  const chunkLimit = budget.chunks?.[row.name];
  if (chunkLimit !== undefined && row.gzip > chunkLimit)
    failures.push(
      `chunk ${row.name} (${row.file}) is ${kb(row.gzip)} kB gzip, over its budget of ${kb(chunkLimit)} kB`,
    );
}
for (const page of pages) {
  if (page.missing) failures.push(`${page.key} is in budget.pages but not in the manifest`);
  else if (page.files > page.limits.files || page.gzip > page.limits.gzip)
    failures.push(
      `${page.key} loads ${page.files} files, ${kb(page.gzip)} kB gzip, beyond the first load: ` +
        `over its budget of ${page.limits.files} files and ${kb(page.limits.gzip)} kB`,
    );
}
if (total.gzip > limit) {
  const grown = rows
    .map((row) => ({ row, diff: row.gzip - (baseline[row.name] ?? 0) }))
    .filter(({ diff }) => diff > 0)
    .sort((a, b) => b.diff - a.diff)
    .map(
      ({ row, diff }) => `${row.name} (${row.file}) ${baseline[row.name] === undefined ? 'new, ' : '+'}${kb(diff)} kB`,
    );
  failures.push(
    `first-load JavaScript on / is ${kb(total.gzip)} kB gzip, over the budget of ${kb(limit)} kB by ${kb(total.gzip - limit)} kB.` +
      (grown.length
        ? ` Grown since the baseline: ${grown.join('; ')}.`
        : ` No chunk grew since the baseline (it was already over); the largest: ${[...rows]
            .sort((x, y) => y.gzip - x.gzip)
            .slice(0, 3)
            .map((row) => `${row.name} (${row.file}) ${kb(row.gzip)} kB`)
            .join('; ')}.`),
  );
}

if (args.has('--json')) {
  console.log(
    JSON.stringify(
      { rows, css, total, budget: limit, localeCatalogs, pages, ok: failures.length === 0, failures },
      null,
      2,
    ),
  );
} else {
  const header = ['chunk', 'file', 'raw kB', 'gzip kB', 'br kB', 'gzip vs baseline', 'chunk budget'];
  const body = rows.map((row) => [
    row.name,
    row.file,
    kb(row.raw),
    kb(row.gzip),
    kb(row.brotli),
    delta(row),
    budget.chunks?.[row.name] !== undefined ? kb(budget.chunks[row.name]) : '',
  ]);
  body.push(['total first-load JS', '', kb(total.raw), kb(total.gzip), kb(total.brotli), '', `${kb(limit)} (all)`]);
  for (const sheet of css)
    body.push([sheet.name, sheet.file, kb(sheet.raw), kb(sheet.gzip), kb(sheet.brotli), '', '(not counted)']);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => String(cells[i]).length)));
  const line = (cells) =>
    cells.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  body.forEach((cells, i) => {
    if (i === rows.length) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    console.log(line(cells));
  });
  if (localeCatalogs.length) {
    console.log();
    console.log(
      `What each language adds to the first load of / (its catalogs, gzip; budget ${kb(budget.localeCatalogGzip)} kB each):`,
    );
    for (const { locale, files, gzip } of localeCatalogs) {
      const extra = locale === 'en' ? 'counted above' : `+${kb(gzip)} kB`;
      console.log(`  ${locale.padEnd(6)} ${files.map((f) => f.file).join(' ')}  ${kb(gzip)} kB  (${extra})`);
    }
  }
  if (pages.length) {
    console.log();
    console.log('What a page loads beyond the first load (its lazy chunks; budget: files, gzip kB):');
    for (const page of pages)
      console.log(
        `  ${page.key.padEnd(30)} ${String(page.files).padStart(3)} files ${kb(page.gzip).padStart(7)} kB` +
          `   (budget ${page.limits.files} files, ${kb(page.limits.gzip)} kB)`,
      );
  }
  console.log();
  if (failures.length) {
    for (const failure of failures) console.error(`FAIL: ${failure}`);
  } else {
    console.log(`OK: first-load JavaScript on / is ${kb(total.gzip)} kB gzip (budget ${kb(limit)} kB).`);
  }
  const target = budget.targetFirstLoadJsGzip;
  if (target !== undefined && total.gzip > target) {
    console.log(
      `NOT YET AT TARGET: the goal is ${kb(target)} kB gzip (decision 027), ${kb(total.gzip - target)} kB to go. ` +
        "The budget above is a ratchet at today's size: it fails on any growth. See decision 012.",
    );
  }
}
process.exit(failures.length ? 1 : 0);

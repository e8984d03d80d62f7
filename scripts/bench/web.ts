/**
 * npm run bench:web: Lighthouse 12 (mobile preset, simulated throttling) on the public pages of the
 * production build, on a fresh data directory with the demo data.
 *
 *   npm run bench:web                      # 3 runs per page, prints the medians next to the targets
 *   npm run bench:web -- --runs 5          # more runs
 *   npm run bench:web -- --strict          # exit 1 when a target is missed (default: always 0)
 *   npm run bench:web -- --url http://127.0.0.1:3000   # measure a server that is already running
 *   npm run bench:web -- --warm-starts 0   # skip the warm-start measurement
 *
 * Chromium: CHROME_PATH, else /usr/bin/chromium (Debian's). It is told to resolve no host but the
 * app's, so nothing leaves the machine. A script, not a test: the numbers depend on the machine and
 * its load, which is printed with them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.05 };
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  // The network is closed: no host but the app's is even looked up (no DNS timeouts, no leaks).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Options = { runs: number; strict: boolean; url: string | undefined; warmStarts: number };

function parseArgs(argv: string[]): Options {
  const opts: Options = { runs: 3, strict: false, url: undefined, warmStarts: 3 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--strict') opts.strict = true;
    else if (arg === '--runs') opts.runs = positiveInt(arg, value());
    else if (arg === '--warm-starts') opts.warmStarts = positiveInt(arg, value(), true);
    else if (arg === '--url') opts.url = value().replace(/\/+$/, '');
    else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npm run bench:web -- [--runs N] [--strict] [--url BASE] [--warm-starts N]');
      process.exit(0);
    } else throw new Error(`Unknown option ${arg} (try --help)`);
  }
  return opts;
}

function positiveInt(name: string, v: string, zeroOk = false): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < (zeroOk ? 0 : 1)) throw new Error(`${name} must be a whole number`);
  return n;
}

// ---------------------------------------------------------------------------------------------
// The app: started the way a person starts it (`npm start`), so this follows whatever it becomes.

type RunningApp = { baseUrl: string; stop(): Promise<void>; output(): string };

/** Starts the production app (`npm start`) on `port` with its data in `dataDir`. */
function startApp(port: number, dataDir: string): RunningApp {
  const npmCli = process.env.npm_execpath;
  const [cmd, args] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli, 'start']] : ['npm', ['start']];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL; // the demo data on the embedded database, whatever the shell has
  delete env.PUBLIC_URL;
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => log,
    stop: () => stopProcessGroup(child),
  };
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Resolves with the ms from `since` to the first 200 of `url`; fails when `app` exits or after `timeoutMs`. */
async function waitFor200(url: string, since: number, timeoutMs: number, app?: RunningApp): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) {
      throw new Error(`No 200 from ${url} after ${Math.round(timeoutMs / 1000)} s.\n${app?.output() ?? ''}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Pages

type Page = { name: string; path: string };

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The four public pages, with a real service and its provider from the API. */
async function publicPages(baseUrl: string): Promise<Page[]> {
  const featured = await getJson<{ id: string; provider: { userId: string } }[]>(`${baseUrl}/api/services/featured`);
  const service = featured[0];
  if (!service) throw new Error('No featured service: is the demo data loaded?');
  return [
    { name: 'home', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'service', path: `/service/${service.id}` },
    { name: 'provider', path: `/provider/${service.provider.userId}` },
  ];
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number | undefined>;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number; items?: unknown[] };
};
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
};

type RunResult = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  scriptBytes: number;
  lhr: Lhr;
};

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** One Lighthouse run; a run that fails to record its trace (it happens on a loaded machine) is retried. */
async function lighthouseRun(url: string, attempts = 3): Promise<RunResult> {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(url);
    } catch (err) {
      if (i >= attempts) throw err;
      process.stdout.write(`(${err instanceof Error ? err.message.split('\n')[0] : String(err)}; again) `);
    }
  }
}

async function lighthouseOnce(url: string): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    // No config: Lighthouse's default, the mobile preset with simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
      resourceType?: string;
      transferSize?: number;
    }[];
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      scriptBytes: requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0),
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The run whose performance score is the median one (its audits explain the median). */
function medianRun(runs: RunResult[]): RunResult {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** What an engineer fixes first: failing audits of a11y/BP/SEO, and the biggest performance savings. */
function findings(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const cat of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 1) continue;
      if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
      const n = a.details?.items?.length;
      const first = describeItem(a.details?.items?.[0]);
      lines.push(`${cat}: ${a.title}${n ? ` (${n} item${n === 1 ? '' : 's'}${first ? `, e.g. ${first}` : ''})` : ''}`);
    }
  }
  const perf = (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is Audit => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .filter((a) => a.id !== 'largest-contentful-paint-element') // named below, with the element
    .filter((a) => !(lhr.categories.performance?.auditRefs.find((r) => r.id === a.id)?.weight ?? 0))
    .map((a) => {
      const savings = a.metricSavings ?? {};
      const ms = Math.max(a.details?.overallSavingsMs ?? 0, savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      return { a, ms, cls: savings.CLS ?? 0, bytes: a.details?.overallSavingsBytes ?? 0 };
    })
    .filter((x) => x.ms > 0 || x.cls > 0 || x.bytes > 0)
    .sort((x, y) => y.ms - x.ms || y.cls - x.cls || y.bytes - x.bytes)
    .slice(0, 6);
  for (const { a, ms, cls, bytes } of perf) {
    const parts = [
      ms > 0 ? `~${Math.round(ms)} ms` : '',
      cls > 0 ? `CLS ${cls.toFixed(3)}` : '',
      bytes > 0 ? `${kb(bytes)}` : '',
      a.displayValue ?? '',
    ].filter(Boolean);
    lines.push(`performance: ${a.title}${parts.length ? ` (${parts.join(', ')})` : ''}`);
  }
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0] as
    { items?: { node?: { snippet?: string } }[] } | undefined;
  const snippet = lcpElement?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`performance: LCP element ${snippet.length > 100 ? `${snippet.slice(0, 100)}…` : snippet}`);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  const shifted = describeItem(lhr.audits['layout-shifts']?.details?.items?.[0]);
  if (cls >= TARGETS.cls && shifted) lines.push(`performance: CLS ${cls.toFixed(3)}, the largest shift: ${shifted}`);
  return lines;
}

/** A short description of an audit's first item (a console error's text, an issue's type, a node). */
function describeItem(item: unknown): string {
  if (!item || typeof item !== 'object') return '';
  const it = item as {
    description?: unknown;
    issueType?: unknown;
    url?: unknown;
    node?: { snippet?: unknown };
    subItems?: { items?: { url?: unknown }[] };
  };
  const parts = [
    typeof it.issueType === 'string' ? it.issueType : '',
    typeof it.description === 'string' ? it.description : '',
    typeof it.node?.snippet === 'string' ? it.node.snippet : '',
    typeof it.url === 'string' ? it.url : '',
    typeof it.subItems?.items?.[0]?.url === 'string' ? it.subItems.items[0].url : '',
  ].filter(Boolean);
  const text = parts.join(' ').replace(/\s+/g, ' ');
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript of `/`, from the build (gzip -9 of each file, as a compressing server sends it)

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; src?: string };

/** The scripts `/` loads before it runs: the HTML's scripts and modulepreloads, and their static imports. */
function firstLoadScripts(html: string, clientDir: string): string[] {
  const files = new Set<string>();
  const attr = /<(?:script[^>]*\ssrc|link[^>]*rel=["']?modulepreload["']?[^>]*\shref)=["']?([^"'\s>]+)/gi;
  const attr2 = /<link[^>]*\shref=["']?([^"'\s>]+)["']?[^>]*rel=["']?modulepreload/gi;
  for (const re of [attr, attr2]) {
    for (const m of html.matchAll(re)) {
      const src = m[1]!;
      if (/^[a-z]+:\/\//i.test(src) || src.startsWith('//')) continue;
      files.add(src.replace(/^\//, '').split(/[?#]/)[0]!);
    }
  }
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      files.add(chunk.file);
      for (const imp of chunk.imports ?? []) visit(imp); // static imports only: dynamic ones load later
    };
    const loaded = new Set(files);
    for (const [key, chunk] of Object.entries(manifest)) {
      if (loaded.has(chunk.file) || (chunk.isEntry && key === 'index.html')) visit(key);
    }
  }
  return [...files].filter((f) => f.endsWith('.js') || f.endsWith('.mjs'));
}

function firstLoadJs(clientDir: string, servedHtml: string | undefined) {
  const indexFile = path.join(clientDir, 'index.html');
  const html = servedHtml ?? (fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '');
  const files = firstLoadScripts(html, clientDir).filter((f) => fs.existsSync(path.join(clientDir, f)));
  const sizes = files.map((f) => {
    const raw = fs.readFileSync(path.join(clientDir, f));
    return { file: f, raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  return { sizes, gzip: sizes.reduce((s, x) => s + x.gzip, 0), raw: sizes.reduce((s, x) => s + x.raw, 0) };
}

// ---------------------------------------------------------------------------------------------
// Output

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
}

function load(): string {
  return `${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, ri) => {
      const line = r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
      return ri === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.url && !fs.existsSync(CHROME_PATH)) {
    throw new Error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH).`);
  }
  console.log(`Machine load at start: ${load()}`);

  let app: RunningApp | undefined;
  let dataDir: string | undefined;
  let baseUrl = opts.url;
  const warmStarts: number[] = [];
  let readyLine: string | undefined;
  const stopOnSignal = () => void app?.stop().finally(() => process.exit(130));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  try {
    if (!baseUrl) {
      const port = await freePort();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-bench-web-'));
      console.log(`Starting the app (npm start) on port ${port}, demo data in ${dataDir} ...`);
      let t0 = performance.now();
      app = startApp(port, dataDir);
      const cold = await waitFor200(`${app.baseUrl}/healthz`, t0, 10 * 60_000, app);
      console.log(`  first start (build if needed, migrations, demo data): ${(cold / 1000).toFixed(1)} s`);
      for (let i = 0; i < opts.warmStarts; i++) {
        await app.stop();
        t0 = performance.now();
        app = startApp(port, dataDir);
        warmStarts.push(await waitFor200(`${app.baseUrl}/`, t0, 120_000, app));
      }
      readyLine = app.output().match(/Ready in [^\n]*/)?.[0];
      baseUrl = app.baseUrl;
    }

    const pages = await publicPages(baseUrl);
    // One plain request per page first, so the first Lighthouse run does not pay the server's warm-up.
    for (const p of pages) await fetch(baseUrl + p.path).then((r) => r.arrayBuffer());

    const results = new Map<Page, RunResult[]>();
    for (const page of pages) {
      const runs: RunResult[] = [];
      for (let i = 0; i < opts.runs; i++) {
        process.stdout.write(`  Lighthouse ${page.path} run ${i + 1}/${opts.runs} ... `);
        const r = await lighthouseRun(baseUrl + page.path);
        console.log(
          `performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, load ${os.loadavg()[0]!.toFixed(2)}`,
        );
        runs.push(r);
      }
      results.set(page, runs);
    }

    const homeHtml = await fetch(`${baseUrl}/`).then((r) => r.text());
    const js = firstLoadJs(path.resolve('dist/client'), homeHtml);

    // Report
    const misses: string[] = [];
    const rows: string[][] = [
      ['page', 'perf [min-max]', 'a11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'bytes', 'JS bytes', 'targets'],
    ];
    for (const [page, runs] of results) {
      const m = (f: (r: RunResult) => number) => median(runs.map(f));
      const perf = runs.map((r) => r.performance);
      const med = {
        performance: m((r) => r.performance),
        accessibility: m((r) => r.accessibility),
        bestPractices: m((r) => r.bestPractices),
        seo: m((r) => r.seo),
        cls: m((r) => r.cls),
      };
      const missed = [
        med.performance < TARGETS.performance ? 'perf' : '',
        med.accessibility < TARGETS.accessibility ? 'a11y' : '',
        med.bestPractices < TARGETS.bestPractices ? 'BP' : '',
        med.seo < TARGETS.seo ? 'SEO' : '',
        med.cls >= TARGETS.cls ? 'CLS' : '',
      ].filter(Boolean);
      const label = page.path.replace(/[0-9a-f-]{36}$/, '{id}');
      if (missed.length) misses.push(`${label}: ${missed.join(', ')}`);
      rows.push([
        label,
        `${med.performance} [${Math.min(...perf)}-${Math.max(...perf)}]`,
        String(med.accessibility),
        String(med.bestPractices),
        String(med.seo),
        `${(m((r) => r.lcpMs) / 1000).toFixed(1)} s`,
        `${Math.round(m((r) => r.tbtMs))} ms`,
        med.cls.toFixed(3),
        kb(m((r) => r.bytes)),
        kb(m((r) => r.scriptBytes)),
        missed.length ? `missed: ${missed.join(', ')}` : 'met',
      ]);
    }
    rows.push(['target', `>= ${TARGETS.performance}`, '100', '100', '100', '', '', `< ${TARGETS.cls}`, '', '', '']);

    console.log(
      `\nLighthouse 12, mobile preset (simulated throttling), median of ${opts.runs} runs per page, ${baseUrl}`,
    );
    console.log(`Chromium: ${CHROME_PATH}`);
    console.log(table(rows));
    console.log('(bytes: all transferred on load; JS bytes: scripts transferred during the load)');

    const jsBudget = 120 * 1024;
    console.log(
      `\nFirst-load JavaScript of / (from dist/client, gzip -9 per file): ${kb(js.gzip)} gzip, ${kb(js.raw)} raw, ` +
        `target <= ${kb(jsBudget)} gzip${js.gzip > jsBudget ? ' (missed)' : ''}`,
    );
    for (const s of [...js.sizes].sort((a, b) => b.gzip - a.gzip)) {
      console.log(`  ${s.file.padEnd(48)} ${kb(s.gzip).padStart(9)} gzip ${kb(s.raw).padStart(9)} raw`);
    }
    if (js.gzip > jsBudget) misses.push('first-load JS');

    if (warmStarts.length) {
      const w = median(warmStarts);
      console.log(
        `\nWarm start (npm start with data and build present, to the first 200 of /): median ${Math.round(w)} ms ` +
          `of ${warmStarts.map((x) => Math.round(x)).join(', ')}; target <= 1500 ms${w > 1500 ? ' (missed)' : ''}`,
      );
      if (readyLine) console.log(`  the banner said: ${readyLine}`);
      if (w > 1500) misses.push('warm start');
    }

    console.log('\nWhat to fix (from the median run of each page):');
    for (const [page, runs] of results) {
      const lines = findings(medianRun(runs).lhr);
      console.log(`  ${page.path}${lines.length ? '' : ': nothing failing'}`);
      for (const l of lines) console.log(`    - ${l}`);
    }

    console.log(`\nMachine load at the end: ${load()}`);
    if (misses.length) {
      console.log(`Targets missed: ${misses.join('; ')}`);
      if (opts.strict) process.exitCode = 1;
    } else console.log('All targets met.');
  } finally {
    await app?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

/**
 * npm run bench:web: Lighthouse 12 (mobile preset, simulated throttling) on the public pages of the
 * production build in English, Japanese and Thai, and on five signed-in pages (the demo provider's
 * dashboard and its Payouts tab; the demo traveler's dashboard, messages and the checkout of a
 * featured service), on a fresh data directory with the demo data.
 *
 *   npm run bench:web                      # 3 runs per page, prints the medians next to the targets
 *   npm run bench:web -- --runs 5          # more runs
 *   npm run bench:web -- --strict          # exit 1 when a target is missed (default: always 0)
 *   npm run bench:web -- --url http://127.0.0.1:3000   # measure a server that is already running
 *   npm run bench:web -- --warm-starts 0   # skip the warm-start measurement
 *   npm run bench:web -- --locales en      # the public pages in these languages (default en,ja,th)
 *   npm run bench:web -- --pages signed-in # only these groups (public, signed-in; default both)
 *   npm run bench:web -- --save /tmp/lh    # also write each run's Lighthouse report (JSON) there
 *
 * Signed-in pages: the script signs in through the API (POST /api/auth/login, the demo accounts) and
 * puts the session cookie in each run's fresh Chromium before Lighthouse loads the page, so every
 * request carries it, as in a signed-in browser (see setSessionCookie for why not extraHeaders).
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
/** Signed-in pages: performance >= 90 (they are not indexed, so SEO is not a target). */
const SIGNED_IN_TARGETS = { ...TARGETS, performance: 90, seo: 0 };
const LOCALES = ['en', 'es', 'pt-BR', 'pt-PT', 'ja', 'th', 'id'];
const GROUPS = ['public', 'signed-in'] as const;
type Group = (typeof GROUPS)[number];
/** The demo accounts the seed creates (src/server/db/seed/seed.ts). */
const DEMO_PASSWORD = 'locora-demo-2026';
const DEMO = { provider: 'provider@locora.test', traveler: 'traveler@locora.test' } as const;
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

type Options = {
  runs: number;
  strict: boolean;
  url: string | undefined;
  warmStarts: number;
  locales: string[];
  groups: Group[];
  /** A folder to write each run's Lighthouse report (JSON) into. */
  save: string | undefined;
  /** The port to start the app on (default: a free one). */
  port: number | undefined;
};

function listOf<T extends string>(name: string, v: string, allowed: readonly T[]): T[] {
  const items = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const wrong = items.filter((x) => !allowed.includes(x as T));
  if (!items.length || wrong.length) throw new Error(`${name}: one or more of ${allowed.join(', ')}`);
  return items as T[];
}

function parseArgs(argv: string[]): Options {
  const opts: Options = {
    runs: 3,
    strict: false,
    url: undefined,
    warmStarts: 3,
    locales: ['en', 'ja', 'th'],
    groups: [...GROUPS],
    save: undefined,
    port: undefined,
  };
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
    else if (arg === '--locales') opts.locales = listOf(arg, value(), LOCALES);
    else if (arg === '--pages') opts.groups = listOf(arg, value(), GROUPS);
    else if (arg === '--save') opts.save = path.resolve(value());
    else if (arg === '--port') opts.port = positiveInt(arg, value());
    else if (arg === '--help' || arg === '-h') {
      console.log(
        'Usage: npm run bench:web -- [--runs N] [--strict] [--url BASE] [--warm-starts N] ' +
          '[--locales en,ja,th] [--pages public,signed-in] [--save DIR] [--port N]',
      );
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
    // Nothing leaves the machine: the demo's exchange rates are kept, the ECB's feed is not asked.
    FX_RATES_URL: 'off',
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

type Page = {
  name: string;
  path: string;
  group: Group;
  /** The session cookie Lighthouse sends (signed-in pages). */
  cookie?: string;
};

async function getJson<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, cookie ? { headers: { cookie } } : {});
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

type Featured = { id: string; isActive?: boolean; provider: { userId: string } }[];

/** The four public pages in each of `locales` (English at /, the others under their prefix). */
async function publicPages(baseUrl: string, locales: string[]): Promise<Page[]> {
  const featured = await getJson<Featured>(`${baseUrl}/api/services/featured`);
  const service = featured[0];
  if (!service) throw new Error('No featured service: is the demo data loaded?');
  return locales.flatMap((locale) => {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    return [
      { name: 'home', path: prefix || '/' },
      { name: 'browse', path: `${prefix}/browse` },
      { name: 'service', path: `${prefix}/service/${service.id}` },
      { name: 'provider', path: `${prefix}/provider/${service.provider.userId}` },
    ].map((p) => ({ ...p, group: 'public' as const }));
  });
}

/** Signs in through the API as a person does (POST /api/auth/login); its session cookie (name=value). */
async function signIn(baseUrl: string, email: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Signing in as ${email}: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('locora_session='));
  if (!session) throw new Error(`Signing in as ${email} set no session cookie`);
  const { user } = (await res.json()) as { user: { id: string } };
  return { cookie: session, userId: user.id };
}

/**
 * A featured service the traveler can book: active, not theirs, with a free day this month or the
 * next (GET /api/services/{id}/available-days, as the checkout asks).
 */
async function bookableService(baseUrl: string, traveler: { cookie: string; userId: string }): Promise<string> {
  const featured = await getJson<Featured>(`${baseUrl}/api/services/featured`);
  const now = new Date();
  const months = [0, 1].map((add) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + add, 1));
    return d.toISOString().slice(0, 7);
  });
  for (const candidate of featured) {
    if (candidate.provider.userId === traveler.userId) continue;
    const service = await getJson<{ isActive: boolean; minHours: number }>(
      `${baseUrl}/api/services/${candidate.id}`,
      traveler.cookie,
    );
    if (!service.isActive) continue;
    for (const month of months) {
      const { days } = await getJson<{ days: string[] }>(
        // For the service's minimum hours, as the checkout asks (fewer is refused).
        `${baseUrl}/api/services/${candidate.id}/available-days?month=${month}&hours=${service.minHours}`,
        traveler.cookie,
      );
      if (days.length) return candidate.id;
    }
  }
  throw new Error('No featured service with a free day this month or the next: is the demo data loaded?');
}

/**
 * The five signed-in pages: the demo provider's dashboard and its Payouts tab, the demo traveler's
 * dashboard, messages, and the checkout of a featured service they can book.
 */
async function signedInPages(baseUrl: string): Promise<Page[]> {
  const provider = await signIn(baseUrl, DEMO.provider);
  const traveler = await signIn(baseUrl, DEMO.traveler);
  const serviceId = await bookableService(baseUrl, traveler);
  return [
    { name: 'provider dashboard', path: '/dashboard/provider', cookie: provider.cookie },
    { name: 'payouts tab', path: '/dashboard/provider?tab=payouts', cookie: provider.cookie },
    { name: 'traveler dashboard', path: '/dashboard/traveler', cookie: traveler.cookie },
    { name: 'messages', path: '/messages', cookie: traveler.cookie },
    { name: 'checkout', path: `/checkout/${serviceId}`, cookie: traveler.cookie },
  ].map((p) => ({ ...p, group: 'signed-in' as const }));
}

/** Fails early when a signed-in page would not be the page itself (a redirect to sign in, an error). */
async function checkSignedIn(baseUrl: string, page: Page): Promise<void> {
  const res = await fetch(baseUrl + page.path, { headers: { cookie: page.cookie ?? '' }, redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${page.path} signed in answered ${res.status}, not 200`);
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
  scripts: number;
  lhr: Lhr;
};

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** One Lighthouse run; a run that fails to record its trace (it happens on a loaded machine) is retried. */
async function lighthouseRun(url: string, cookie?: string, attempts = 3): Promise<RunResult> {
  for (let i = 1; ; i++) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (err) {
      if (i >= attempts) throw err;
      process.stdout.write(`(${err instanceof Error ? err.message.split('\n')[0] : String(err)}; again) `);
    }
  }
}

/**
 * Puts the session cookie in the browser's cookie jar (CDP Storage.setCookies on the browser target),
 * as signing in does: httpOnly, SameSite=Lax, path /.
 *
 * Not Lighthouse's `extraHeaders: { Cookie }`: that header is replaced by the jar's own as soon as
 * the page writes a cookie (the viewer's zone, `tz`, right after hydration), so every later request
 * (the unread count, the live events) went out signed out and answered 401, which a signed-in
 * browser never sees.
 */
async function setSessionCookie(port: number, url: string, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = await getJson<{ webSocketDebuggerUrl: string }>(
    `http://127.0.0.1:${port}/json/version`,
  );
  const [name, ...rest] = cookie.split('=');
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => {
      const cookies = [
        { name, value: rest.join('='), url: new URL(url).origin, path: '/', httpOnly: true, sameSite: 'Lax' },
      ];
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    });
    socket.addEventListener('message', (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      if (answer.error) reject(new Error(`Storage.setCookies: ${answer.error.message}`));
      else resolve();
    });
    socket.addEventListener('error', () => reject(new Error('No DevTools connection to Chromium')));
  }).finally(() => socket.close());
}

async function lighthouseOnce(url: string, cookie?: string): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    if (cookie) await setSessionCookie(chrome.port, url, cookie);
    // No config: Lighthouse's default, the mobile preset with simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Signed in: Lighthouse would clear the cookie set above. Every run has a new Chromium with
      // an empty profile (chrome-launcher's temporary one), so there is nothing else to reset.
      ...(cookie ? { disableStorageReset: true } : {}),
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
      scripts: requests.filter((r) => r.resourceType === 'Script').length,
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

/** One row per page (medians of its runs) and the targets' row; a page's missed targets go to `misses`. */
function reportRows(results: [Page, RunResult[]][], targets: typeof TARGETS, misses: string[]): string[][] {
  const rows: string[][] = [
    ['page', 'perf [min-max]', 'a11y', 'BP', 'SEO', 'LCP', 'TBT', 'CLS', 'bytes', 'JS bytes', 'scripts', 'targets'],
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
      med.performance < targets.performance ? 'perf' : '',
      med.accessibility < targets.accessibility ? 'a11y' : '',
      med.bestPractices < targets.bestPractices ? 'BP' : '',
      med.seo < targets.seo ? 'SEO' : '',
      med.cls >= targets.cls ? 'CLS' : '',
    ].filter(Boolean);
    const label = page.path.replace(/[0-9a-f-]{36}$/, '{id}');
    if (missed.length) misses.push(`${label}${page.cookie ? ' (signed in)' : ''}: ${missed.join(', ')}`);
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
      String(m((r) => r.scripts)),
      missed.length ? `missed: ${missed.join(', ')}` : 'met',
    ]);
  }
  rows.push([
    'target',
    `>= ${targets.performance}`,
    '100',
    '100',
    targets.seo ? '100' : '-',
    '',
    '',
    `< ${targets.cls}`,
    '',
    '',
    '',
    '',
  ]);
  return rows;
}

/**
 * Where the main thread went in a run (Lighthouse's diagnostics): the work by kind, the scripts
 * that cost most (bootup-time), the long tasks, and what of the JavaScript went unused.
 */
function mainThread(lhr: Lhr): string[] {
  const lines: string[] = [];
  const ms = (x: number | undefined) => `${Math.round(x ?? 0)} ms`;
  const work = lhr.audits['mainthread-work-breakdown'];
  const groups = (work?.details?.items ?? []) as { groupLabel?: string; duration?: number }[];
  if (work?.numericValue !== undefined) {
    lines.push(
      `main thread ${ms(work.numericValue)}: ` +
        groups
          .slice(0, 4)
          .map((g) => `${g.groupLabel ?? '?'} ${ms(g.duration)}`)
          .join(', '),
    );
  }
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? []) as {
    url?: string;
    total?: number;
    scripting?: number;
  }[];
  if (bootup.length) {
    lines.push(
      'scripts (total / scripting): ' +
        bootup
          .slice(0, 4)
          .map((b) => `${(b.url ?? '?').replace(/^https?:\/\/[^/]+/, '')} ${ms(b.total)} / ${ms(b.scripting)}`)
          .join(', '),
    );
  }
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []) as { url?: string; duration?: number }[];
  if (longTasks.length) {
    lines.push(
      `long tasks: ${longTasks.length}, ` +
        longTasks
          .slice(0, 4)
          .map((t) => `${ms(t.duration)} ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`)
          .join(', '),
    );
  }
  const unused = lhr.audits['unused-javascript'];
  const unusedBytes = unused?.details?.overallSavingsBytes;
  if (unusedBytes) lines.push(`unused JavaScript: ${kb(unusedBytes)} (${unused.details?.items?.length ?? 0} files)`);
  return lines;
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
      const port = opts.port ?? (await freePort());
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

    const pages = [
      ...(opts.groups.includes('public') ? await publicPages(baseUrl, opts.locales) : []),
      ...(opts.groups.includes('signed-in') ? await signedInPages(baseUrl) : []),
    ];
    // One plain request per page first, so the first Lighthouse run does not pay the server's warm-up.
    for (const p of pages) {
      if (p.cookie) await checkSignedIn(baseUrl, p);
      else await fetch(baseUrl + p.path).then((r) => r.arrayBuffer());
    }

    const results = new Map<Page, RunResult[]>();
    for (const page of pages) {
      const runs: RunResult[] = [];
      for (let i = 0; i < opts.runs; i++) {
        process.stdout.write(
          `  Lighthouse ${page.path}${page.cookie ? ' (signed in)' : ''} run ${i + 1}/${opts.runs} ... `,
        );
        const r = await lighthouseRun(baseUrl + page.path, page.cookie);
        console.log(
          `performance ${r.performance}, LCP ${(r.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, ` +
            `CLS ${r.cls.toFixed(3)}, load ${os.loadavg()[0]!.toFixed(2)}`,
        );
        runs.push(r);
        if (opts.save) {
          fs.mkdirSync(opts.save, { recursive: true });
          const name = `${page.group}-${page.path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
          fs.writeFileSync(path.join(opts.save, name), JSON.stringify(r.lhr));
        }
      }
      results.set(page, runs);
    }

    const homeHtml = await fetch(`${baseUrl}/`).then((r) => r.text());
    const js = firstLoadJs(path.resolve('dist/client'), homeHtml);

    // Report
    const misses: string[] = [];
    console.log(
      `\nLighthouse 12, mobile preset (simulated throttling), median of ${opts.runs} runs per page, ${baseUrl}`,
    );
    console.log(`Chromium: ${CHROME_PATH}`);
    for (const group of opts.groups) {
      const groupResults = [...results].filter(([page]) => page.group === group);
      if (!groupResults.length) continue;
      const targets = group === 'public' ? TARGETS : SIGNED_IN_TARGETS;
      console.log(
        group === 'public'
          ? `\nPublic pages (${opts.locales.join(', ')}):`
          : '\nSigned-in pages (the demo provider for /dashboard/provider, the demo traveler for the others):',
      );
      console.log(table(reportRows(groupResults, targets, misses)));
    }
    console.log(
      '(bytes: all transferred on load; JS bytes: scripts transferred during the load; scripts: their number)',
    );

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

    console.log('\nWhat to fix (from the median run of each page), and where its main thread went:');
    for (const [page, runs] of results) {
      const run = medianRun(runs);
      const lines = findings(run.lhr);
      console.log(`  ${page.path}${page.cookie ? ' (signed in)' : ''}${lines.length ? '' : ': nothing failing'}`);
      for (const l of lines) console.log(`    - ${l}`);
      for (const l of mainThread(run.lhr)) console.log(`    · ${l}`);
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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import type { CurrencyCode } from '../src/shared/domain/currency.ts';
import { formatMoney } from '../src/shared/domain/pricing.ts';

/**
 * Fails on any serious or critical accessibility violation on the current page. `labelInName` also
 * runs axe's label-content-name-mismatch (WCAG 2.5.3, off by default as experimental): a control's
 * accessible name must contain the text it shows.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  context: string,
  options: { labelInName?: boolean } = {},
) {
  // Colours are judged as they settle: a toast or dialog half way through its fade-in has a
  // contrast no one reads it at. Finite animations only (a spinner runs forever).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  if (options.labelInName) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${context}`).toEqual([]);
}

/** A screenshot for a person to look at, under SCREENSHOT_DIR when it is set (never in the repo). */
export async function screenshotTo(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

export async function expectNoHorizontalScroll(page: Page, context: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal scroll on ${context}`).toBeLessThanOrEqual(innerWidth);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export const DEMO = {
  traveler: { email: 'traveler@locora.test', password: 'locora-demo-2026' },
  provider: { email: 'provider@locora.test', password: 'locora-demo-2026' },
  admin: { email: 'admin@locora.test', password: 'locora-demo-2026' },
};

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // An admin lands on the admin panel, everyone else on the home page.
  await expect(page).toHaveURL(email === DEMO.admin.email ? '/admin' : '/');
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
}

type ServerUser = { id: string; email: string; name: string; role: 'TRAVELER' | 'PROVIDER' | 'ADMIN' };

/** The user the server holds for this browser's session cookie, or null when signed out. */
export async function serverUser(page: Page): Promise<ServerUser | null> {
  const res = await page.request.get('/api/auth/me');
  if (res.status() === 401) return null;
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: ServerUser }).user;
}

/** The DATA_DIR of the server these specs run against (scripts/e2e-server.mjs writes where it is). */
export function e2eDataDir(): string {
  const pointer = path.join(os.tmpdir(), `locora-e2e-port-${process.env.E2E_PORT ?? '3100'}.datadir`);
  return fs.readFileSync(pointer, 'utf8').trim();
}

/**
 * The newest email the server wrote under DATA_DIR/outbox (no SMTP_URL: .eml files) to `to` whose
 * subject is `subject`, decoded from quoted-printable; waits for the outbox worker to write it.
 */
export async function readOutboxMail(to: string, subject: string): Promise<string> {
  const dir = path.join(e2eDataDir(), 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        const mails = files
          .map((f) => ({ f, mtime: fs.statSync(path.join(dir, f)).mtimeMs }))
          .sort((a, b) => b.mtime - a.mtime)
          .map(({ f }) =>
            fs
              .readFileSync(path.join(dir, f), 'utf8')
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          );
        found = mails.find((m) => m.includes(`To: ${to}`) && m.includes(`Subject: ${subject}`)) ?? '';
        return found !== '';
      },
      { message: `an email "${subject}" to ${to} in ${dir}`, timeout: 30_000 },
    )
    .toBe(true);
  return found;
}

/**
 * A price as every screen shows it in English, in its own currency: '$231', '$39.99', '€1,250.50',
 * '¥8,400' (decisions 035 and 048). The demo data's prices are in each city's currency.
 */
export const money = (amount: number, currency: CurrencyCode = 'USD') => formatMoney(amount, currency, 'en');

/**
 * The days of the booking calendar that can be chosen, once its free days are known: in the month
 * it opens on, or the next when none is left in it (near a month's end, in the service's zone).
 */
export async function choosableDays(page: Page, grid: Locator): Promise<Locator> {
  const loaded = page.locator('[data-free-days]:not([data-free-days="loading"])');
  await expect(loaded).toHaveCount(1);
  const days = grid.locator('button:not([aria-disabled="true"])');
  if ((await days.count()) === 0) {
    const month = await grid.getAttribute('aria-label');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-label', month ?? '');
    await expect(loaded).toHaveCount(1);
  }
  await expect(days.first()).toBeVisible();
  return days;
}

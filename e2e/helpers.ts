import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page, context: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${context}`).toEqual([]);
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
  await expect(page).toHaveURL('/');
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

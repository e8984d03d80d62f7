import { expect, test, type Page } from './fixtures';
import { DEMO, signIn, uniqueEmail } from './helpers';

/**
 * Rules in one place (decision 009): a chosen date travels as a calendar date (yyyy-MM-dd), whatever
 * the browser's zone, and becoming a provider never leaves the calendar silently in UTC.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

async function firstServiceId(page: Page): Promise<string> {
  const res = await page.request.get('/api/services/featured');
  expect(res.ok()).toBe(true);
  const [service] = (await res.json()) as { id: string }[];
  if (!service) throw new Error('The demo data has no featured services');
  return service.id;
}

/**
 * Clicks a day the booking calendar offers (only days with a free time can be chosen, decision 020):
 * the first, a middle or the last free day of this month, or of the next when this one has none
 * left. Returns the yyyy-MM-dd the traveler saw.
 */
async function pickFreeDay(page: Page, which: 'first' | 'middle' | 'last'): Promise<string> {
  const grid = page.getByRole('grid', { name: /Booking date/ });
  await expect(grid).toBeVisible();
  const known = page.locator('[data-free-days]:not([data-free-days="loading"])');
  await expect(known).toHaveCount(1);
  const free = grid.locator('button:not([aria-disabled="true"])');
  if ((await free.count()) === 0) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(known).toHaveCount(1);
  }
  const count = await free.count();
  expect(count, 'free days in the calendar').toBeGreaterThan(0);
  const day = free.nth(which === 'first' ? 0 : which === 'last' ? count - 1 : Math.floor(count / 2));
  const name = (await day.getAttribute('aria-label')) ?? '';
  const m = /^\w+, (\w+) (\d{1,2}), (\d{4})/.exec(name);
  if (!m) throw new Error(`unexpected day label ${name}`);
  const month = MONTHS.indexOf(m[1] ?? '') + 1;
  expect(month).toBeGreaterThan(0);
  await day.click();
  await expect(page.getByText(`Selected: ${(m[1] ?? '').slice(0, 3)} ${m[2]}, ${m[3]}`)).toBeVisible();
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(m[2]).padStart(2, '0')}`;
}

for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`Book Now in a browser at ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('signed out, Book Now goes to sign in and keeps exactly the day picked to come back to', async ({ page }) => {
      const id = await firstServiceId(page);
      await page.goto(`/service/${id}`);
      const picked = await pickFreeDay(page, 'first');
      await page.getByRole('button', { name: 'Book Now' }).click();
      await expect(page).toHaveURL(/\/auth\/signin\?/);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/auth/signin');
      // The return path (decisions 016 and 035: the checkout) carries the calendar day clicked,
      // whatever the browser's zone.
      expect(url.searchParams.get('next')).toBe(`/checkout/${id}?date=${picked}`);
      expect(url.searchParams.get('reason')).toBe('book');
      expect(url.hash).toBe('');
    });

    test('signed in, the checkout URL carries exactly the day picked', async ({ page }) => {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
      await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
      const id = await firstServiceId(page);
      // The first, a middle and the last free day: one day off in either direction fails.
      for (const which of ['first', 'middle', 'last'] as const) {
        await page.goto(`/service/${id}`);
        const picked = await pickFreeDay(page, which);
        await page.getByRole('button', { name: 'Book Now' }).click();
        await expect(page).toHaveURL(new RegExp(`/checkout/${id}\\?date=`));
        const url = new URL(page.url());
        expect(url.pathname).toBe(`/checkout/${id}`);
        expect([...url.searchParams.keys()]).toEqual(['date']);
        expect(url.searchParams.get('date')).toBe(picked);
      }
    });
  });
}

test.describe('a browser that reports UTC', () => {
  test.use({ timezoneId: 'UTC' });

  test('signing up as a provider asks for the time zone and stores the one chosen', async ({ page }) => {
    await page.goto('/auth/signup?role=provider');
    await page.getByLabel('Full Name').fill('Uma Utc');
    await page.getByLabel('Email').fill(uniqueEmail('tz-provider'));
    await page.getByLabel('Password').fill('provider-pass-1');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('');
    await expect(page.getByText(/Your browser reports UTC/)).toBeVisible();
    await page.getByRole('button', { name: 'Create provider account' }).click();
    // The select is required: the browser keeps the form from being sent.
    await expect(page).toHaveURL(/\/auth\/signup/);
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Create provider account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    const me = await page.request.get('/api/provider/me');
    expect(me.ok()).toBe(true);
    expect((await me.json()).timeZone).toBe('Asia/Tokyo');
  });

  test('switching to provider asks for the time zone once, and Cancel keeps the traveler', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByLabel('Full Name').fill('Tom Traveler');
    await page.getByLabel('Email').fill(uniqueEmail('tz-switch'));
    await page.getByLabel('Password').fill('traveler-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/browse/);

    const openMenu = () => page.getByRole('button', { name: /Account menu/ }).click();
    await openMenu();
    await page.getByRole('menuitem', { name: 'Switch to Provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Where do you work?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Your browser reports UTC/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Switch to Provider' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await page.request.get('/api/provider/me')).status()).toBe(403);

    await openMenu();
    await page.getByRole('menuitem', { name: 'Switch to Provider' }).click();
    await dialog.getByLabel('Time zone').selectOption('America/Sao_Paulo');
    await dialog.getByRole('button', { name: 'Switch to Provider' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    expect((await (await page.request.get('/api/provider/me')).json()).timeZone).toBe('America/Sao_Paulo');

    // A returning provider is not asked again, and keeps the zone chosen the first time.
    await openMenu();
    await page.getByRole('menuitem', { name: 'Switch to Traveler' }).click();
    await expect.poll(async () => (await (await page.request.get('/api/auth/me')).json()).user.role).toBe('TRAVELER');
    await openMenu();
    await page.getByRole('menuitem', { name: 'Switch to Provider' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    await expect(dialog).toBeHidden();
    expect((await (await page.request.get('/api/auth/me')).json()).user.role).toBe('PROVIDER');
    expect((await (await page.request.get('/api/provider/me')).json()).timeZone).toBe('America/Sao_Paulo');
  });
});

test.describe('a browser in São Paulo', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('signing up as a provider keeps the detected zone, shown before sending', async ({ page }) => {
    await page.goto('/auth/signup?role=provider');
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Sao_Paulo');
    await expect(page.getByText('Detected from your browser.', { exact: false })).toBeVisible();
    await page.getByLabel('Full Name').fill('Bia Brasil');
    await page.getByLabel('Email').fill(uniqueEmail('tz-sp'));
    await page.getByLabel('Password').fill('provider-pass-1');
    await page.getByRole('button', { name: 'Create provider account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    expect((await (await page.request.get('/api/provider/me')).json()).timeZone).toBe('America/Sao_Paulo');
  });

  test('switching to provider needs no question', async ({ page }) => {
    await page.goto('/auth/signup');
    await page.getByLabel('Full Name').fill('Caio Carioca');
    await page.getByLabel('Email').fill(uniqueEmail('tz-sp-switch'));
    await page.getByLabel('Password').fill('traveler-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/browse/);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Switch to Provider' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    expect((await (await page.request.get('/api/provider/me')).json()).timeZone).toBe('America/Sao_Paulo');
  });
});

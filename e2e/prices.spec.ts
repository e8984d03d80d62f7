import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, uniqueEmail } from './helpers';

/**
 * One price everywhere (decision 035): a $39.99 service reads "$39.99" on its browse card, its
 * page, checkout, its provider's dashboard and admin moderation, never "$40". On the way: a new
 * provider is welcomed (not "welcomed back") with a rating of "New"; the traveler's dashboard shows
 * what they pay; the provider's request shows what the traveler pays and what they receive, and
 * once declined reads "Declined" with the reason.
 */

const LISBON = 'Europe/Lisbon';
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'prices-pass-123';

function dateIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}

/** Another person in their own browser context, whose pages wait for hydration. */
async function person(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId: LISBON });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const visit = async (url: string) => {
    await page.goto(url);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
  return { context, page, visit, errors };
}

async function openProviderDashboard(page: Page, tab?: string) {
  await page.goto(`/dashboard/provider${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
}

test('a $39.99 service reads $39.99 on five screens; the request shows what each side pays and receives', async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Date.now().toString(36);
  const providerName = `Priya Prices ${suffix}`;
  const title = `Tide pool walk ${suffix}`;

  // A brand-new provider: 'Welcome', and a rating of 'New' rather than '0.0 / 0 reviews'.
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('prices-provider'),
      password: PASSWORD,
      name: providerName,
      role: 'PROVIDER',
      timeZone: LISBON,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  // A Lisbon provider starts in euros; this one prices in dollars (a change allowed while nothing
  // is in flight), so the journey follows one exact dollar price.
  const dollars = await page.request.patch('/api/provider/me', { data: { currency: 'USD' } });
  expect(dollars.status(), await dollars.text()).toBe(200);
  await openProviderDashboard(page);
  await expect(page.getByTestId('provider-greeting')).toHaveText(
    `Welcome, ${providerName}. Manage your services and bookings.`,
  );
  await expect(page.getByTestId('stat-rating')).toHaveText('New');
  await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(page.getByTestId('stat-revenue')).toHaveText('$0');

  // The service, at $39.99 an hour, free from 09:00 to 17:00 four days ahead.
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const created = await page.request.post('/api/services', {
    data: {
      title,
      description: 'Low tide, a guide and a magnifying glass.',
      categoryId: categories[0]!.id,
      price: 3999,
      pricingUnit: 'per hour',
      minHours: 1,
      city: 'Lisbon',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { service } = (await created.json()) as { service: { id: string } };
  const day = dateIn(Date.now() + 4 * DAY_MS, LISBON);
  const slot = await page.request.post('/api/availability', { data: { start: `${day}T09:00`, end: `${day}T17:00` } });
  expect(slot.status(), await slot.text()).toBe(201);

  // Screen 1: the provider's dashboard. They have been here now: 'Welcome back'.
  await openProviderDashboard(page);
  await expect(page.getByTestId('provider-greeting')).toHaveText(
    `Welcome back, ${providerName}. Manage your services and bookings.`,
  );
  const own = page.getByTestId('provider-service').filter({ hasText: title });
  await expect(own.getByTestId('service-price')).toHaveText('$39.99');

  // A traveler: screen 2, the browse card; screen 3, the service page; screen 4, checkout.
  const traveler = await person(browser);
  try {
    const t = traveler.page;
    const joined = await t.request.post('/api/auth/signup', {
      data: { email: uniqueEmail('prices-traveler'), password: PASSWORD, name: 'Tomas Tidepool' },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    await traveler.visit(`/browse?q=${encodeURIComponent(title)}`);
    const card = t.getByTestId('service-card').filter({ hasText: title });
    await expect(card.getByTestId('card-price')).toHaveText('$39.99');
    await traveler.visit(`/service/${service.id}`);
    await expect(t.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(t.getByTestId('booking-price')).toHaveText('$39.99');
    await traveler.visit(`/checkout/${service.id}?date=${day}`);
    await expect(t.getByTestId('summary-price')).toHaveText('$39.99 per hour');
    // One hour: $39.99 + the 5 % fee ($2.00, rounded half up) = $41.99.
    await expect(t.getByTestId('summary-fee')).toHaveText('$2');
    await expect(t.getByTestId('summary-total')).toHaveText('$41.99');
    await t
      .getByRole('group', { name: /^Times in/ })
      .getByRole('button')
      .first()
      .click();
    await t.getByLabel('Service Address').fill('Praia do Guincho car park');
    await t.getByRole('button', { name: 'Request to book' }).click();
    await expect(t).toHaveURL('/dashboard/traveler');
    const mine = t.getByTestId('traveler-booking').filter({ hasText: title });
    await expect(mine.getByTestId('booking-total')).toHaveText('You pay$41.99');

    // The provider's request: what the traveler pays and what the provider receives.
    await openProviderDashboard(page, 'bookings');
    const request = page.getByTestId('provider-booking').filter({ hasText: title });
    await expect(request.getByTestId('provider-booking-money')).toHaveText('Traveler pays$41.99You receive$39.99');
    await request.getByRole('button', { name: /^Decline/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Decline this request?' });
    await confirm.getByLabel('Reason (optional)').fill('The tide is too high that day');
    await confirm.getByRole('button', { name: 'Decline request' }).click();
    await expect(page.getByText('Booking declined').first()).toBeVisible();
    await expect(request.locator('[data-status="CANCELED"]')).toHaveText('Declined');
    await expect(request.getByTestId('provider-booking-closed')).toHaveText(
      'You declined this request. Reason: The tide is too high that day',
    );
    await expect(request.getByTestId('provider-booking-money')).toHaveText('Booking total$41.99');
    expect(traveler.errors, 'traveler console errors').toEqual([]);
  } finally {
    await traveler.context.close();
  }

  // Screen 5: admin moderation.
  const admin = await person(browser);
  try {
    const login = await admin.page.request.post('/api/auth/login', { data: DEMO.admin });
    expect(login.status(), await login.text()).toBe(200);
    await admin.visit(`/admin/services?q=${encodeURIComponent(title)}`);
    const moderated = admin.page.getByTestId('admin-service').filter({ hasText: title });
    await expect(moderated.getByTestId('admin-service-price')).toHaveText('$39.99');
    expect(admin.errors, 'admin console errors').toEqual([]);
  } finally {
    await admin.context.close();
  }
});

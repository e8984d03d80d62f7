import { expect, test, type Page } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshotTo, uniqueEmail } from './helpers';

/**
 * A provider in Tokyo starts: the dashboard's setup checklist tells what is left, the service
 * form's City offers "Tokyo" for "東京" and stores it so that travelers find the service by
 * "Tokyo" or "東京"; a traveler's request shows on the provider's Availability week as tentative,
 * with the traveler's name, linking to the request, and once accepted in its status's colour.
 */

const TOKYO = 'Asia/Tokyo';
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dateIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const monthDay = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
const dayColumn = (page: Page, date: string) =>
  page
    .getByRole('list', { name: /^Days of the week of/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${WEEKDAYS[weekday(date)]}, ${monthDay(date)}` }) });

async function signUpProvider(page: Page, name: string) {
  const res = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('tokyo'), password: 'tokyo-provider-1', name, role: 'PROVIDER', timeZone: TOKYO },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a new provider in Tokyo: the setup checklist, and a city typed as 東京 that travelers find', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpProvider(page, 'Kenji Sato');
  await page.goto('/dashboard/provider');
  const checklist = page.getByRole('region', { name: 'Get ready for your first booking' });
  await expect(checklist).toBeVisible();
  // Without card payments there is no payouts step; the calendar is optional and not counted.
  await expect(checklist.getByText('0 of 4 steps done')).toBeVisible();
  for (const step of ['profile', 'identity', 'service', 'availability', 'calendar'])
    await expect(checklist.locator(`[data-step="${step}"]`)).toHaveAttribute('data-status', 'todo');
  await expect(checklist.locator('[data-step="payouts"]')).toHaveCount(0);
  await expect(checklist.getByText('Calendar (Optional)')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'setup checklist');
  await screenshotTo(page, 'setup-checklist-light');

  // "Create a service" opens the Services tab; the form's City offers Tokyo for 東京.
  await checklist.getByRole('button', { name: 'Create a service' }).click();
  await expect(page).toHaveURL(/\/dashboard\/provider$/);
  await page.getByRole('button', { name: 'Create Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Service' });
  const title = `Kwoblex shiatsu ${Date.now().toString(36)}`;
  await dialog.getByLabel('Service Title').fill(title);
  await dialog.getByLabel('Description').fill('Shiatsu in a quiet room near the station.');
  await dialog.getByLabel('Category').selectOption({ label: 'Massage' });
  const city = dialog.getByRole('combobox', { name: 'City' });
  await city.fill('東京');
  const places = dialog.getByRole('listbox', { name: 'Known places' });
  await expect(places.getByRole('option').first()).toContainText('Tokyo');
  await expect(places.getByRole('option').first()).toContainText('東京');
  await expectNoSeriousA11yViolations(page, 'service form, places offered');
  await screenshotTo(page, 'service-form-places');
  await places.getByRole('option').first().click();
  await expect(city).toHaveValue('Tokyo');
  await dialog.getByLabel('Price').fill('8000');
  await dialog.getByLabel('Where it happens').selectOption('provider_place');
  await dialog.getByLabel('Address (shown to travelers once you accept)').fill('1-2-3 Shibuya');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Service created!').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('provider-service').filter({ hasText: title });
  await expect(card.getByText('Tokyo')).toBeVisible();
  await expect(checklist.getByText('1 of 4 steps done')).toBeVisible();
  await expect(checklist.locator('[data-step="service"]')).toHaveAttribute('data-status', 'done');

  // A city typed without choosing is stored as its canonical name too: 東京都 -> Tokyo.
  const other = await page.request.post('/api/services', {
    data: {
      title: `${title} two`,
      description: 'Another.',
      categoryId: (await (await page.request.get('/api/categories')).json())[0].id,
      price: 5000,
      city: '東京都',
    },
  });
  expect((await other.json()).service.city).toBe('Tokyo');

  // Travelers find it by "Tokyo" in the text, or by 東京 in the City box.
  await page.goto(`/browse?q=${encodeURIComponent('kwoblex shiatsu in Tokyo')}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await page.goto(`/browse?q=kwoblex&city=${encodeURIComponent('東京')}`);
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();

  // On a phone, in the dark: the checklist fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.goto('/dashboard/provider');
  await expect(checklist).toBeVisible();
  await expectNoHorizontalScroll(page, 'setup checklist at 375 px');
  await expectNoSeriousA11yViolations(page, 'setup checklist, phone, dark');
  await screenshotTo(page, 'setup-checklist-dark-375');
});

test('the Availability week shows a traveler’s request as tentative, linking to it, then the accepted booking', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpProvider(page, 'Yui Tanaka');
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: string; name: string }[];
  const created = await page.request.post('/api/services', {
    data: {
      title: `Tea ceremony ${Date.now().toString(36)}`,
      description: 'Matcha and sweets.',
      categoryId: categories[0]!.id,
      price: 6000,
      minHours: 1,
      city: 'Tokyo',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { service } = (await created.json()) as { service: { id: string; title: string } };
  // A free day next week (Tokyo's week starts on Sunday): Tuesday, 09:00-17:00 on Tokyo's clock.
  const today = dateIn(Date.now(), TOKYO);
  const nextWeek = addDays(today, 7 - weekday(today));
  const tuesday = addDays(nextWeek, 2);
  const slot = await page.request.post('/api/availability', {
    data: { start: `${tuesday}T09:00`, end: `${tuesday}T17:00` },
  });
  expect(slot.status(), await slot.text()).toBe(201);

  // A traveler asks for 10:00-12:00 (their own browser and cookies).
  const traveler = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const signup = await traveler.request.post('/api/auth/signup', {
      data: { email: uniqueEmail('rita'), password: 'rita-traveler-1', name: 'Rita Souza' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const asked = await traveler.request.post('/api/bookings', {
      data: { serviceId: service.id, start: `${tuesday}T01:00:00.000Z`, hours: 2, address: 'Hotel Okura' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
  } finally {
    await traveler.close();
  }

  await page.goto('/dashboard/provider?tab=availability');
  await page.getByRole('button', { name: 'Next week' }).click();
  const day = dayColumn(page, tuesday);
  const chip = day.getByRole('list', { name: `Your bookings on ${tuesday}` }).getByRole('link');
  await expect(chip).toContainText('10:00-12:00');
  await expect(chip).toContainText('Rita Souza');
  await expect(chip).toContainText(service.title);
  await expect(chip).toContainText('Tentative: waiting for your answer');
  await expectNoSeriousA11yViolations(page, 'availability week with a request');
  await screenshotTo(page, 'availability-bookings-light');

  // The link opens the request on the Booking Requests tab, and the provider accepts it there.
  await chip.click();
  await expect(page).toHaveURL(/tab=bookings#booking-/);
  const row = page.getByTestId('provider-booking').filter({ hasText: 'Rita Souza' });
  await expect(row).toBeFocused();
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Booking accepted').first()).toBeVisible();

  // Back on the week: confirmed, in its colour, no longer tentative.
  await page.getByRole('tab', { name: 'Availability' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(chip.getByText('Confirmed')).toBeVisible();
  await expect(chip).not.toContainText('Tentative');

  // At 375 px in the dark, the chip fits its column.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(chip).toContainText('Rita Souza');
  await expectNoHorizontalScroll(page, 'availability week at 375 px');
  await expectNoSeriousA11yViolations(page, 'availability week, phone, dark');
  await screenshotTo(page, 'availability-bookings-dark-375');
});

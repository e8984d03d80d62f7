import { expect, test, type Page } from './fixtures';
import type { CurrencyCode } from '../src/shared/domain/currency';
import { DEMO, expectNoSeriousA11yViolations, money, signIn, uniqueEmail } from './helpers';

/**
 * Only travelers book: a provider who presses Book Now is offered to switch to their traveler side
 * and goes on to checkout with the chosen date; an admin is told admins do not book. A per-day
 * service is one day at its price (decision 035): checkout asks no hours and shows '1 day'.
 */

type DemoService = {
  id: string;
  title: string;
  price: number;
  currency: CurrencyCode;
  pricingUnit: string;
  minHours: number;
  city: string;
};

/** A demo per-day service with a free day at least two days ahead, and that day. */
async function perDayServiceWithFreeDay(page: Page): Promise<{ service: DemoService; day: string }> {
  const found = (await (await page.request.get('/api/services?q=day')).json()) as DemoService[];
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const now = new Date();
  for (const service of found.filter((s) => s.pricingUnit === 'per day')) {
    for (const offset of [0, 1]) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
      const res = await page.request.get(
        `/api/services/${service.id}/available-days?month=${month}&hours=${service.minHours}`,
      );
      const { days } = (await res.json()) as { days: string[] };
      const day = days.find((d) => d > soon);
      if (day) return { service, day };
    }
  }
  throw new Error('no per-day demo service with a free day');
}

test('a provider pressing Book Now switches to Traveler with the date kept; a per-day service is booked as one day', async ({
  page,
}) => {
  test.slow();
  const { service, day } = await perDayServiceWithFreeDay(page);
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('units-provider'),
      password: 'units-pass-1234',
      name: 'Petra Provider',
      role: 'PROVIDER',
      timeZone: 'Europe/Lisbon',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  await page.goto(`/service/${service.id}?date=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
  await expect(page.getByTestId('booking-unit')).toHaveText(`Priced per day · ${service.minHours} hours a day`);
  // Where it happens, without the exact address before a confirmed booking.
  await expect(page.getByTestId('service-where')).toContainText(
    /^At (a meeting point|the provider’s place|your address)/,
  );
  await page.getByRole('button', { name: 'Book Now' }).click();
  const notice = page.getByTestId('travelers-only');
  await expect(notice).toContainText('Only travelers book');
  await expect(page).toHaveURL(`/service/${service.id}?date=${day}`);
  await notice.getByRole('button', { name: 'Switch to Traveler' }).click();
  await expect(page).toHaveURL(`/checkout/${service.id}?date=${day}`);

  // One day at its price: no hours to choose, the day's length shown, the calendar holding it.
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await expect(page.getByLabel('Number of Hours')).toHaveCount(0);
  await expect(page.getByTestId('checkout-length')).toHaveText(`1 day · ${service.minHours} hours`);
  await expect(page.getByTestId('summary-hours')).toHaveText(`1 day · ${service.minHours} hours`);
  const total = service.price + Math.floor((service.price * 5 + 50) / 100);
  // The day's total in its own currency (an estimate in the traveler's may follow it).
  await expect(page.getByTestId('summary-total')).toContainText(money(total, service.currency));
  const first = page.getByTestId('slot-list').getByRole('button').first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const address = page.getByLabel('Service Address');
  if ((await address.count()) > 0) await address.fill('Rua das Flores 12, Lisboa');
  const request = page.getByRole('button', { name: 'Request to book' });
  await expect(request).toBeEnabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'checkout of a per-day service');
  await request.click();
  await expect(page).toHaveURL('/dashboard/traveler');
  const mine = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as {
    hours: number;
    amountCents: number;
    totalCents: number;
  }[];
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ hours: service.minHours, amountCents: service.price, totalCents: total });
});

test('an admin pressing Book Now is told that admins do not book', async ({ page }) => {
  const { service, day } = await perDayServiceWithFreeDay(page);
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/service/${service.id}?date=${day}`);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByTestId('travelers-only')).toContainText('Admins do not book');
  await expect(page.getByRole('button', { name: 'Switch to Traveler' })).toHaveCount(0);
  await expect(page).toHaveURL(`/service/${service.id}?date=${day}`);
  // Checkout says the same, and sends nothing.
  await page.goto(`/checkout/${service.id}?date=${day}`);
  await expect(page.getByTestId('travelers-only')).toContainText('Admins do not book');
  await expect(page.getByRole('button', { name: 'Request to book' })).toBeDisabled();
});

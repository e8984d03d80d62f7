import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/*
 * A traveler's booking page (/dashboard/traveler/bookings/{id}): opened from the dashboard card,
 * what it says, cancel from it, the thread; it stays when the service is withdrawn. And a role
 * switch that asks nothing of the role left behind (no 403s).
 */

type ApiBooking = { id: string; start: string; timeZone: string; service: { id: string; title: string } };

const SHOTS = process.env.SHOTS_DIR;

/** Books the first free slot (a day or more away) of the first Lisbon service that has one. */
async function bookSomething(request: APIRequestContext): Promise<ApiBooking> {
  const list = (await (await request.get('/api/services?city=Lisbon')).json()) as { id: string; minHours: number }[];
  const now = new Date();
  for (const service of list.slice(0, 8)) {
    for (const offset of [0, 1]) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
      const daysRes = await request.get(
        `/api/services/${service.id}/available-days?month=${month}&hours=${service.minHours}`,
      );
      const { days } = (await daysRes.json()) as { days: string[] };
      for (const date of days.slice(0, 4)) {
        const slotsRes = await request.get(`/api/services/${service.id}/slots?date=${date}&hours=${service.minHours}`);
        const { slots } = (await slotsRes.json()) as { slots: { start: string }[] };
        const slot = slots.find((s) => new Date(s.start).getTime() > Date.now() + 30 * 3_600_000);
        if (!slot) continue;
        const res = await request.post('/api/bookings', {
          data: {
            serviceId: service.id,
            start: slot.start,
            hours: service.minHours,
            address: 'Rua das Flores 12, Lisboa',
          },
        });
        if (res.status() === 409) continue;
        expect(res.status(), await res.text()).toBe(201);
        return ((await res.json()) as { booking: ApiBooking }).booking;
      }
    }
  }
  throw new Error('no free slot in Lisbon');
}

async function adminRequest(baseURL: string) {
  const admin = await playwrightRequest.newContext({ baseURL });
  const res = await admin.post('/api/auth/login', { data: DEMO.admin });
  expect(res.status()).toBe(200);
  return admin;
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.configure({ timeout: 180_000 });

test('a traveler opens a booking from the dashboard, reads it, reaches the thread and cancels it', async ({
  page,
  baseURL,
}) => {
  const signup = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('bookingpage'), password: 'booking-page-123', name: 'Page Reader', role: 'TRAVELER' },
  });
  expect(signup.status()).toBe(201);
  const booking = await bookSomething(page.request);

  await page.goto('/dashboard/traveler');
  const card = page.locator(`[data-testid="traveler-booking"][data-booking-id="${booking.id}"]`);
  await expect(card.getByRole('link', { name: `Open conversation about ${booking.service.title}` })).toHaveAttribute(
    'href',
    `/messages?booking=${booking.id}`,
  );
  await card.getByRole('link', { name: booking.service.title, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/traveler/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: booking.service.title })).toBeVisible();
  await expect(page.getByText('Waiting for the provider to accept your request.')).toBeVisible();
  await expect(page.getByTestId('booking-when')).toContainText('Lisbon');
  await expect(page.getByTestId('cancellation-policy')).toContainText('Cancel at least 24 hours before the start');
  // Under its heading, the policy is not named twice.
  await expect(page.getByTestId('cancellation-policy')).not.toContainText('Cancellation policy');
  // The demo's Lisbon services are priced in euros.
  await expect(page.getByTestId('booking-total')).toContainText('€');
  await expectNoSeriousA11yViolations(page, 'booking page');
  await shoot(page, 'booking-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => {
    localStorage.setItem('theme', 'dark');
    document.documentElement.classList.add('dark');
  });
  await shoot(page, 'booking-dark');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page, 'booking page on a phone');
  await shoot(page, 'booking-phone-dark');
  await page.evaluate(() => {
    localStorage.setItem('theme', 'light');
    document.documentElement.classList.remove('dark');
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await shoot(page, 'booking-phone-light');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The service is withdrawn by an admin: the booking stays, saying so; its page is a 404.
  const admin = await adminRequest(baseURL!);
  try {
    expect(
      (await admin.patch(`/api/admin/services/${booking.service.id}/status`, { data: { isActive: false } })).status(),
    ).toBe(200);
    await page.reload();
    await expect(page.getByTestId('service-withdrawn')).toContainText('This service is no longer offered.');
    await expect(page.getByRole('link', { name: 'View the service' })).toHaveCount(0);
    // A withdrawn service cannot be booked.
    const refused = await page.request.post('/api/bookings', {
      data: { serviceId: booking.service.id, start: booking.start, hours: 1 },
    });
    expect(refused.status()).toBe(409);
  } finally {
    await admin.patch(`/api/admin/services/${booking.service.id}/status`, { data: { isActive: true } });
    await admin.dispose();
  }

  // Cancel from the page, with the same dialog as the dashboard.
  await page.reload();
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText('The provider has not accepted yet');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('Booking canceled').first()).toBeVisible();
  await expect(page.getByTestId('booking-closed')).toContainText('You canceled this booking.');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  // The thread.
  await page.getByRole('link', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(`/messages?booking=${booking.id}`);
});

test('someone else’s booking is the 404 page', async ({ page, browser }) => {
  const owner = await browser.newContext();
  const signup = await owner.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('owner'), password: 'booking-page-123', name: 'Owner', role: 'TRAVELER' },
  });
  expect(signup.status()).toBe(201);
  const booking = await bookSomething(owner.request);
  await owner.request.post(`/api/bookings/${booking.id}/cancel`, { data: {} });
  await owner.close();

  const other = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('other'), password: 'booking-page-123', name: 'Other', role: 'TRAVELER' },
  });
  expect(other.status()).toBe(201);
  const res = await page.goto(`/dashboard/traveler/bookings/${booking.id}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('switching from provider to traveler asks nothing of the provider’s API (no 403)', async ({ page }) => {
  const signup = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('switcher'), password: 'switch-pass-123', name: 'Switcher', role: 'TRAVELER' },
  });
  expect(signup.status()).toBe(201);
  const switched = await page.request.post('/api/auth/switch-role', {
    data: { role: 'PROVIDER', timeZone: 'Europe/Lisbon' },
  });
  expect(switched.status(), await switched.text()).toBe(200);
  await page.goto('/dashboard/provider');
  // The workspace's queries (profile, stats, services, requests) are mounted and answered.
  await expect(page.getByText('No services yet')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const forbidden: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) forbidden.push(`${response.request().method()} ${response.url()}`);
  });
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Switch to Traveler' }).click();
  await expect(page).toHaveURL(/\/dashboard\/traveler$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-upcoming-bookings')).toHaveText('0');
  // Whatever was in flight has landed.
  await page.waitForLoadState('networkidle');
  expect(forbidden).toEqual([]);
});

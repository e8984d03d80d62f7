import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/*
 * The traveler dashboard (/dashboard/traveler) and the provider's Booking
 * Requests. Bookings a journey needs are made through the API (slots, then POST /api/bookings), so
 * each journey owns its data; the demo traveler's history provides completed bookings (a completed
 * booking cannot be made through the API: its time is in the past).
 */

type ApiBooking = {
  id: string;
  status: string;
  start: string;
  timeZone: string;
  cancelReason: string | null;
  review: { rating: number; text: string } | null;
  service: { id: string; title: string; provider: { displayName: string } };
};

async function signInApi(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A second person in a browser context of their own (the fixture's page is the first): signed in
 * through the API; its pages are opened with `visit`, which waits for hydration, and its console
 * errors are collected like the fixture's.
 */
async function secondPerson(browser: Browser, who: { email: string; password: string }) {
  const ctx = await browser.newContext({ timezoneId: 'Europe/Lisbon' });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await signInApi(page.request, who);
  return { context: ctx, page, errors };
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Signs a new traveler up through the API; the page's context keeps the session. */
async function signUpTraveler(page: Page, name: string) {
  const res = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('dash'), password: 'dashboard-pass-123', name, role: 'TRAVELER' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function serviceByTitle(request: APIRequestContext, title: string): Promise<{ id: string; minHours: number }> {
  const res = await request.get(`/api/services?q=${encodeURIComponent(title)}`);
  expect(res.status(), await res.text()).toBe(200);
  const list = (await res.json()) as { id: string; title: string; minHours: number }[];
  const found = list.find((s) => s.title === title);
  expect(found, `service '${title}' in search`).toBeTruthy();
  return found!;
}

/** Books the first free slot of a service (this month or the next), as the request's user. */
async function bookFirstFreeSlot(request: APIRequestContext, title: string): Promise<ApiBooking> {
  const service = await serviceByTitle(request, title);
  const hours = service.minHours;
  const now = new Date();
  for (const offset of [0, 1, 2]) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const daysRes = await request.get(`/api/services/${service.id}/available-days?month=${month}&hours=${hours}`);
    expect(daysRes.status(), await daysRes.text()).toBe(200);
    const { days } = (await daysRes.json()) as { days: string[] };
    for (const date of days) {
      const slotsRes = await request.get(`/api/services/${service.id}/slots?date=${date}&hours=${hours}`);
      expect(slotsRes.status(), await slotsRes.text()).toBe(200);
      const { slots } = (await slotsRes.json()) as { slots: { start: string }[] };
      // A few days out, so the request does not expire at its start during the journey.
      const slot = slots.find((s) => new Date(s.start).getTime() > Date.now() + 30 * 3_600_000);
      if (!slot) continue;
      const res = await request.post('/api/bookings', {
        data: { serviceId: service.id, start: slot.start, hours, address: 'Rua das Flores 12, Lisboa' },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { booking: ApiBooking }).booking;
    }
  }
  throw new Error(`no free slot for ${title}`);
}

async function bookingsOf(request: APIRequestContext, status: 'upcoming' | 'past'): Promise<ApiBooking[]> {
  const res = await request.get(`/api/bookings?status=${status}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ApiBooking[];
}

/** The 'MMM d, yyyy' and 'h:mm a' of docs/product.md of an instant in a zone, as the card shows them. */
function expectedWhen(start: string, timeZone: string) {
  const at = new Date(start);
  const date = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(
    at,
  );
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(/\s/g, ' ');
  return { date, time };
}

async function openDashboard(page: Page, tab?: 'past' | 'saved') {
  await page.goto(tab ? `/dashboard/traveler?tab=${tab}` : '/dashboard/traveler');
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
}

const card = (page: Page, bookingId: string) =>
  page.locator(`[data-testid="traveler-booking"][data-booking-id="${bookingId}"]`);

test.describe.configure({ timeout: 180_000 });

test.describe('traveler dashboard', () => {
  let provider: { context: BrowserContext; page: Page; errors: string[] } | undefined;
  test.afterEach(async () => {
    const errors = provider?.errors ?? [];
    await provider?.context.close();
    provider = undefined;
    expect(errors, "console errors in the provider's browser").toEqual([]);
  });

  test('signed out: sign in first, then back to the dashboard', async ({ page }) => {
    await page.goto('/dashboard/traveler');
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fdashboard%2Ftraveler/);
    await page.getByLabel('Email').fill(DEMO.traveler.email);
    await page.getByLabel('Password').fill(DEMO.traveler.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/traveler');
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    // My Dashboard in the header leads here.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'My Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard/traveler');
  });

  test('a new traveler sees zero counters and the three empty states, on a phone and in dark theme', async ({
    page,
  }) => {
    await signUpTraveler(page, 'Nadia Newcomer');
    await openDashboard(page);
    await expect(page.getByTestId('stat-upcoming-bookings')).toHaveText('0');
    await expect(page.getByTestId('stat-past-bookings')).toHaveText('0');
    await expect(page.getByTestId('stat-saved-services')).toHaveText('0');
    await expect(page.getByText('No upcoming bookings')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'empty traveler dashboard');
    await page.getByRole('tab', { name: 'Past' }).click();
    await expect(page.getByText('No past bookings')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/traveler?tab=past');
    await page.getByRole('tab', { name: 'Saved Services' }).click();
    await expect(page.getByText('No saved services')).toBeVisible();
    await page.getByRole('tabpanel').getByRole('link', { name: 'Browse Services' }).click();
    await expect(page).toHaveURL('/browse');

    await page.setViewportSize({ width: 360, height: 740 });
    await openDashboard(page);
    await expectNoHorizontalScroll(page, 'empty traveler dashboard (phone)');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page, 'empty traveler dashboard (phone, dark)');
  });

  test('a tab tapped before the page has hydrated opens that tab (JavaScript off: the server renders it)', async ({
    page,
    browser,
  }) => {
    await signUpTraveler(page, 'Noel Noscript');
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noJs = await context.newPage();
      await noJs.goto('/dashboard/traveler');
      await expect(noJs.getByText('No upcoming bookings')).toBeVisible();
      await noJs.getByRole('tab', { name: 'Past' }).click();
      await expect(noJs).toHaveURL('/dashboard/traveler?tab=past');
      await expect(noJs.getByRole('tab', { name: 'Past' })).toHaveAttribute('aria-selected', 'true');
      await expect(noJs.getByRole('tabpanel', { name: 'Past' }).getByText('No past bookings')).toBeVisible();
      await expect(noJs.getByText('No upcoming bookings')).toBeHidden();
      await noJs.getByRole('tab', { name: 'Saved Services' }).click();
      await expect(noJs).toHaveURL('/dashboard/traveler?tab=saved');
      await expect(noJs.getByText('No saved services')).toBeVisible();
      await noJs.getByRole('tab', { name: 'Upcoming' }).click();
      await expect(noJs).toHaveURL('/dashboard/traveler');
      await expect(noJs.getByText('No upcoming bookings')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the demo traveler sees counters and cards in several states, in the provider zone', async ({ page }) => {
    await signInApi(page.request, DEMO.traveler);
    const upcoming = await bookingsOf(page.request, 'upcoming');
    const past = await bookingsOf(page.request, 'past');
    const saved = (await (await page.request.get('/api/favorites')).json()) as unknown[];
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);

    await openDashboard(page);
    await expect(page.getByTestId('stat-upcoming-bookings')).toHaveText(String(upcoming.length));
    await expect(page.getByTestId('stat-past-bookings')).toHaveText(String(past.length));
    await expect(page.getByTestId('stat-saved-services')).toHaveText(String(saved.length));
    await expect(page.getByTestId('traveler-booking')).toHaveCount(upcoming.length);

    // Each card: service, provider, its status's badge, date and time in the provider's zone.
    const statuses = new Set(upcoming.map((b) => b.status));
    expect(statuses.size, 'upcoming bookings in several states').toBeGreaterThan(1);
    for (const b of upcoming) {
      const c = card(page, b.id);
      await expect(c.getByRole('link', { name: b.service.title, exact: true })).toHaveAttribute(
        'href',
        `/dashboard/traveler/bookings/${b.id}`,
      );
      await expect(c.getByRole('link', { name: `Open conversation about ${b.service.title}` })).toHaveAttribute(
        'href',
        `/messages?booking=${b.id}`,
      );
      await expect(c.getByText(`with ${b.service.provider.displayName}`)).toBeVisible();
      await expect(c.locator(`[data-status="${b.status}"]`)).toBeVisible();
      const when = expectedWhen(b.start, b.timeZone);
      await expect(c.getByText(when.date)).toBeVisible();
      await expect(c.getByText(when.time)).toBeVisible();
    }
    // Each status has its own badge colour (docs/product.md, Booking statuses).
    const colours = new Set<string>();
    for (const status of statuses) {
      colours.add(
        await page
          .locator(`[data-status="${status}"]`)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      );
    }
    expect(colours.size).toBe(statuses.size);
    await expectNoSeriousA11yViolations(page, 'demo traveler dashboard');

    // The card opens the conversation of its booking.
    const first = upcoming[0]!;
    await card(page, first.id)
      .getByRole('link', { name: `Open conversation about ${first.service.title}` })
      .click();
    await expect(page).toHaveURL(`/messages?booking=${first.id}`);

    // Past: completed bookings to review, reviewed ones with their stars.
    await openDashboard(page, 'past');
    await expect(page.getByTestId('traveler-booking')).toHaveCount(past.length);
    for (const b of past.filter((x) => x.review)) {
      await expect(card(page, b.id).getByRole('img', { name: `Rated ${b.review!.rating} out of 5` })).toBeVisible();
      await expect(card(page, b.id).getByRole('button', { name: /Write Review/ })).toHaveCount(0);
    }
    for (const b of past.filter((x) => x.status !== 'COMPLETED')) {
      await expect(card(page, b.id).getByRole('button', { name: /Write Review/ })).toHaveCount(0);
    }
    const toReview = past.filter((b) => b.status === 'COMPLETED' && !b.review);
    expect(toReview.length, 'completed bookings waiting for a review').toBeGreaterThan(0);
    for (const b of toReview)
      await expect(card(page, b.id).getByRole('button', { name: /Write Review/ })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await openDashboard(page);
    await expectNoHorizontalScroll(page, 'traveler dashboard (phone)');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page, 'traveler dashboard (phone, dark)');
    await page.getByRole('tab', { name: 'Past' }).click();
    await expectNoHorizontalScroll(page, 'past bookings (phone)');
    await expectNoSeriousA11yViolations(page, 'past bookings (phone, dark)');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
  });

  test('the demo traveler reviews a completed booking; it stays unpublished until the provider reviews her too', async ({
    page,
  }) => {
    await signInApi(page.request, DEMO.traveler);
    const past = await bookingsOf(page.request, 'past');
    // One still open for reviews (14 days after its end); older ones offer no Write Review.
    const open = (b: ApiBooking) => {
      const ends = (b as ApiBooking & { reviewWindowEndsAt?: string | null }).reviewWindowEndsAt;
      return typeof ends === 'string' && Date.parse(ends) > Date.now();
    };
    const target = past.find((b) => b.status === 'COMPLETED' && !b.review && open(b));
    expect(target, 'a completed booking without a review, open for reviews').toBeTruthy();
    const b = target!;

    await openDashboard(page, 'past');
    await card(page, b.id)
      .getByRole('button', { name: /Write Review/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Write a Review' });
    await expect(dialog).toBeVisible();
    // 5 stars by default; a radio group; Submit off while the text is blank.
    await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Your review').fill('   ');
    await expect(submit).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'review dialog');
    // Keyboard: arrow keys move between the stars.
    await dialog.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    const text = `Wonderful afternoon, would book again (${Date.now().toString(36)})`;
    await dialog.getByLabel('Your review').fill(text);
    await submit.click();
    await expect(page.getByText('Review submitted!').first()).toBeVisible();
    await expect(page.getByText('Thank you for your feedback.').first()).toBeVisible();
    await expect(dialog).toBeHidden();
    // The list was refreshed: stars instead of the button.
    await expect(card(page, b.id).getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    await expect(card(page, b.id).getByRole('button', { name: /Write Review/ })).toHaveCount(0);

    // Another one, if any, opens with 5 stars and an empty text again.
    const next = past.find((x) => x.status === 'COMPLETED' && !x.review && x.id !== b.id);
    if (next) {
      await card(page, next.id)
        .getByRole('button', { name: /Write Review/ })
        .click();
      await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
      await expect(dialog.getByLabel('Your review')).toHaveValue('');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }

    // A second review of the same booking is refused.
    const again = await page.request.post('/api/reviews', { data: { bookingId: b.id, rating: 5, text: 'Again' } });
    expect(again.status()).toBe(409);

    // Blind until the provider has reviewed her too, or the 14 days end (decision 050): not on the
    // service page yet, and her booking's page says when it will be (e2e/trust.spec.ts goes on).
    await page.goto(`/service/${b.service.id}`);
    await expect(page.getByRole('heading', { name: b.service.title, level: 1 })).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
    await page.goto(`/dashboard/traveler/bookings/${b.id}`);
    await expect(
      page.getByText(
        `Your review is published when ${b.service.provider.displayName} has written theirs, or when the review period ends.`,
      ),
    ).toBeVisible();
  });

  test('a traveler cancels an upcoming booking with a reason', async ({ page }) => {
    await signUpTraveler(page, 'Carla Canceler');
    const booking = await bookFirstFreeSlot(page.request, 'Italian Dinner Party for Up to 8');
    expect(booking.status).toBe('PENDING');

    await openDashboard(page);
    await expect(page.getByTestId('stat-upcoming-bookings')).toHaveText('1');
    const c = card(page, booking.id);
    await expect(c.locator('[data-status="PENDING"]')).toHaveText('Pending');
    await c.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'cancel dialog');
    // Keeping it changes nothing.
    await confirm.getByRole('button', { name: 'Keep booking' }).click();
    await expect(confirm).toBeHidden();
    await c.getByRole('button', { name: /^Cancel/ }).click();
    await confirm.getByLabel('Reason (optional)').fill('Our flight was moved');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking canceled').first()).toBeVisible();
    await expect(confirm).toBeHidden();

    const res = await page.request.get(`/api/bookings/${booking.id}`);
    expect(res.status()).toBe(200);
    const after = ((await res.json()) as { booking: ApiBooking }).booking;
    expect(after.status).toBe('CANCELED');
    expect(after.cancelReason).toBe('Our flight was moved');

    // Wherever the server lists it now, it reads Canceled, without a Cancel button.
    const upcoming = await bookingsOf(page.request, 'upcoming');
    if (!upcoming.some((b) => b.id === booking.id)) await openDashboard(page, 'past');
    await expect(card(page, booking.id).locator('[data-status="CANCELED"]')).toHaveText('Canceled');
    await expect(card(page, booking.id).getByText('Our flight was moved')).toBeVisible();
    await expect(card(page, booking.id).getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  });

  test('the provider accepts one request, declines another, then cancels the first; the traveler sees each', async ({
    page,
    browser,
  }) => {
    const name = `Pia Planner ${Date.now().toString(36)}`;
    await signUpTraveler(page, name);
    const accepted = await bookFirstFreeSlot(page.request, 'Italian Dinner Party for Up to 8');
    const declined = await bookFirstFreeSlot(page.request, 'Italian Dinner Party for Up to 8');

    provider = await secondPerson(browser, DEMO.provider);
    const p = provider.page;
    await visit(p, '/dashboard/provider');
    await expect(p.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    const pendingBefore = Number(await p.getByTestId('stat-pending-requests').textContent());
    expect(pendingBefore).toBeGreaterThanOrEqual(2);
    await p.getByRole('tab', { name: 'Booking Requests' }).click();
    const row = p.locator(`[data-testid="provider-booking"][data-booking-id="${accepted.id}"]`);
    await expect(row.getByText(name)).toBeVisible();
    await expect(row.locator('[data-status="PENDING"]')).toBeVisible();
    await expect(row.getByText(/Respond within \d+ h|Expires in \d+ min/)).toBeVisible();
    const when = expectedWhen(accepted.start, accepted.timeZone);
    await expect(row.getByText(`${when.date}, ${when.time}`)).toBeVisible();
    await expect(row.getByRole('link', { name: /^Message/ })).toHaveAttribute(
      'href',
      `/messages?booking=${accepted.id}`,
    );
    await expectNoSeriousA11yViolations(p, 'booking requests with pending requests');

    // The traveler's dashboard is open while the provider answers.
    await openDashboard(page);
    await expect(card(page, accepted.id).locator('[data-status="PENDING"]')).toBeVisible();

    await row.getByRole('button', { name: /^Accept/ }).click();
    await expect(p.getByText('Booking accepted').first()).toBeVisible();
    await expect(row.locator('[data-status="CONFIRMED"]')).toHaveText('Confirmed');
    await expect(row.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
    await expect(p.getByTestId('stat-pending-requests')).toHaveText(String(pendingBefore - 1));

    const other = p.locator(`[data-testid="provider-booking"][data-booking-id="${declined.id}"]`);
    await other.getByRole('button', { name: /^Decline/ }).click();
    const confirm = p.getByRole('alertdialog', { name: 'Decline this request?' });
    await confirm.getByLabel('Reason (optional)').fill('Fully booked that evening');
    await confirm.getByRole('button', { name: 'Decline request' }).click();
    await expect(p.getByText('Booking declined').first()).toBeVisible();
    // The provider's list reads it 'Declined' too, with the reason given.
    await expect(other.locator('[data-status="CANCELED"]')).toHaveText('Declined');
    await expect(other.getByTestId('provider-booking-closed')).toHaveText(
      'You declined this request. Reason: Fully booked that evening',
    );
    await expect(p.getByTestId('stat-pending-requests')).toHaveText(String(pendingBefore - 2));

    // Accepting again is refused with the server's message.
    const again = await p.request.post(`/api/bookings/${accepted.id}/accept`, { data: {} });
    expect(again.status()).toBe(409);

    // The traveler's open dashboard shows it without a reload (realtime 'booking' event).
    await expect(card(page, accepted.id).locator('[data-status="CONFIRMED"]')).toHaveText('Confirmed');
    const upcoming = await bookingsOf(page.request, 'upcoming');
    await expect(page.getByTestId('stat-upcoming-bookings')).toHaveText(String(upcoming.length));
    if (!upcoming.some((b) => b.id === declined.id)) await openDashboard(page, 'past');
    // A declined request reads 'Declined' (from its history), with who and why.
    await expect(card(page, declined.id).locator('[data-status="CANCELED"]')).toHaveText('Declined');
    await expect(card(page, declined.id).getByTestId('booking-closed')).toContainText('declined this request.');
    await expect(card(page, declined.id).getByText('Fully booked that evening')).toBeVisible();

    // The provider cancels the accepted booking (cancellation policy, decision 024): the dialog
    // gives the policy (the traveler is refunded in full) and asks for a reason; the traveler sees
    // it canceled, with the reason.
    await row.getByRole('button', { name: /^Cancel/ }).click();
    const cancelDialog = p.getByRole('alertdialog', { name: 'Cancel this booking?' });
    await expect(cancelDialog).toContainText('When a provider cancels, the traveler is refunded in full');
    await cancelDialog.getByLabel('Reason (optional)').fill('A family emergency, sorry');
    await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(p.getByText('Booking canceled').first()).toBeVisible();
    await expect(row.locator('[data-status="CANCELED"]')).toHaveText('Canceled');
    await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
    await p.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(p, 'booking requests at 375 px');
    const after = (await bookingsOf(page.request, 'past')).concat(await bookingsOf(page.request, 'upcoming'));
    expect(after.find((b) => b.id === accepted.id)).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'A family emergency, sorry',
    });
    await openDashboard(page, 'past');
    await expect(card(page, accepted.id).locator('[data-status="CANCELED"]')).toHaveText('Canceled');
    await expect(card(page, accepted.id).getByText('A family emergency, sorry')).toBeVisible();
  });
});

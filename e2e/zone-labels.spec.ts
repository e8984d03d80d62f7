import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations } from './helpers';

/*
 * Times and zones people recognise, in the browser (Europe/Lisbon, playwright.config.ts): zones
 * named by the city that lies in them with their offset then (Bali, Barcelona, Lisbon), never the
 * IANA id; the traveler's own time beside the service's on the dashboard; and /messages with a
 * separator between days, each bubble's time on focus, and no serious axe violation in either theme.
 */

const VIEWER_ZONE = 'Europe/Lisbon';

type Conversation = {
  id: string;
  service: { title: string };
  booking: { start: string; timeZone: string; places?: string[] } | null;
};
type Message = { id: string; body: string; createdAt: string };
type Booking = { id: string; start: string; timeZone: string; service: { city: string } };

async function signIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/** 'UTC', 'UTC+8', 'UTC−5' (a real minus) of `timeZone` at `iso`, as the app writes offsets. */
function utcOffset(iso: string, timeZone: string): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m || (m[2] === '00' && m[3] === '00')) return 'UTC';
  const minutes = m[3] === '00' ? '' : `:${m[3]}`;
  return `UTC${m[1] === '-' ? '\u2212' : '+'}${Number(m[2])}${minutes}`;
}

/** 'h:mm AM' of an instant in a zone. */
function timeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(iso))
    .replace(/\s/g, ' ');
}

/** 'yyyy-MM-dd' of an instant in a zone. */
function dayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

/** The separator's text: 'Today', 'Yesterday', 'Mon, Nov 23', with the year when not this one. */
function dayLabel(day: string, today: string): string {
  if (day === today) return 'Today';
  const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);
  if (noon(today) - noon(day) === 86_400_000) return 'Yesterday';
  const at = new Date(noon(day));
  const text = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' })
    .format(at)
    .replace(/\s/g, ' ');
  return day.slice(0, 4) === today.slice(0, 4) ? text : `${text}, ${day.slice(0, 4)}`;
}

function conversationIn(list: Conversation[], city: string, timeZone: string): Conversation {
  const found = list.find((c) => c.booking?.timeZone === timeZone && c.booking.places?.[0] === city);
  expect(found, `the demo traveler has a conversation about a booking in ${city}`).toBeTruthy();
  return found!;
}

const thread = (page: Page) => page.getByRole('region', { name: /^Conversation with/ });

async function expectZoneNamed(header: Locator, city: string, iso: string, timeZone: string) {
  await expect(header).toContainText(`${timeIn(iso, timeZone)} ${city} (${utcOffset(iso, timeZone)})`);
  await expect(header).not.toContainText(/Makassar|Madrid|Europe\/|Asia\//);
}

test.describe.configure({ timeout: 180_000 });

test('/messages: zones by city, a separator between days, times on focus, no serious axe violation', async ({
  page,
}) => {
  await signIn(page.request, DEMO.traveler);
  const list = (await (await page.request.get('/api/bookings/with-messages')).json()) as Conversation[];
  const bali = conversationIn(list, 'Bali', 'Asia/Makassar');
  const barcelona = conversationIn(list, 'Barcelona', 'Europe/Madrid');
  const lisbon = conversationIn(list, 'Lisbon', 'Europe/Lisbon');

  // Each thread's header names the provider's zone by the city, with the offset at the booking's start.
  for (const [c, city] of [
    [barcelona, 'Barcelona'],
    [lisbon, 'Lisbon'],
    [bali, 'Bali'],
  ] as const) {
    await page.goto(`/messages?booking=${c.id}`);
    const header = thread(page).locator('div').first();
    await expect(thread(page).getByText(c.service.title).first()).toBeVisible();
    await expectZoneNamed(header, city, c.booking!.start, c.booking!.timeZone);
    // The traveler's own time too when their clock (Lisbon) reads differently, named by a city they book in.
    const viewer = thread(page).getByTestId('thread-viewer-time');
    if (city === 'Lisbon') await expect(viewer).toHaveCount(0);
    else await expect(viewer).toContainText(`your time, Lisbon (${utcOffset(c.booking!.start, VIEWER_ZONE)})`);
  }

  // The Bali thread began days ago; a message today makes it span several days whatever the seed.
  const stamp = Date.now().toString(36);
  const box = page.getByLabel('Message', { exact: true });
  await box.fill(`Terima kasih, see you again next year (${stamp})`);
  await box.press('Enter');
  await expect(thread(page).locator('[data-own="true"]').filter({ hasText: stamp })).toBeVisible();

  const messages = (await (await page.request.get(`/api/bookings/${bali.id}/messages`)).json()) as Message[];
  const today = dayIn(new Date().toISOString(), VIEWER_ZONE);
  const days = [...new Set(messages.map((m) => dayIn(m.createdAt, VIEWER_ZONE)))];
  expect(days.length, 'the thread spans several days').toBeGreaterThan(1);
  const separators = thread(page).getByRole('heading', { level: 3 });
  await expect(separators).toHaveText(days.map((d) => dayLabel(d, today)));
  await expect(separators.last()).toHaveText('Today');
  // Under each separator, that day's messages only.
  for (const day of days) {
    const section = thread(page).getByRole('region', { name: dayLabel(day, today), exact: true });
    await expect(section.getByTestId('message')).toHaveCount(
      messages.filter((m) => dayIn(m.createdAt, VIEWER_ZONE) === day).length,
    );
  }

  // A bubble's time shows on keyboard focus (and is always in the accessible text, as a <time>).
  const bubbles = thread(page).getByTestId('message');
  const first = bubbles.first();
  const last = bubbles.last();
  const firstTime = first.locator('time');
  await expect(firstTime).toHaveAttribute('datetime', messages[0]!.createdAt);
  await expect(firstTime).toHaveText(timeIn(messages[0]!.createdAt, VIEWER_ZONE));
  await expect(firstTime).toHaveCSS('opacity', '0');
  await first.focus();
  await expect(firstTime).toHaveCSS('opacity', '1');
  await expect(last.locator('time')).toHaveCSS('opacity', '0');
  await last.hover();
  await expect(last.locator('time')).toHaveCSS('opacity', '1');
  await expectNoSeriousA11yViolations(page, '/messages (a thread over several days, light)');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await first.focus();
  await expectNoSeriousA11yViolations(page, '/messages (a thread over several days, dark)');

  // A phone: the thread alone, nothing wider than the screen, still no serious violation.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/messages?booking=${bali.id}`);
  await expect(thread(page).getByRole('heading', { level: 3 }).last()).toHaveText('Today');
  await expectNoHorizontalScroll(page, '/messages on a phone (thread over several days)');
  await expectNoSeriousA11yViolations(page, '/messages on a phone (thread over several days, dark)');
  // On a phone the open thread covers the site's header (its theme button too): light theme is set
  // as that button sets it.
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = 'light';
  });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await expectNoSeriousA11yViolations(page, '/messages on a phone (thread over several days, light)');
});

test("the traveler's dashboard: the service's time with its city, and the traveler's own when it differs", async ({
  page,
}) => {
  await signIn(page.request, DEMO.traveler);
  const upcoming = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as Booking[];
  const past = (await (await page.request.get('/api/bookings?status=past')).json()) as Booking[];
  const find = (list: Booking[], city: string) => {
    const b = list.find((x) => x.service.city === city);
    expect(b, `a booking in ${city}`).toBeTruthy();
    return b!;
  };
  const card = (id: string) => page.locator(`[data-testid="traveler-booking"][data-booking-id="${id}"]`);

  await page.goto('/dashboard/traveler');
  const barcelona = find(upcoming, 'Barcelona');
  const lisbon = find(upcoming, 'Lisbon');
  await expect(card(barcelona.id)).toContainText(
    `${timeIn(barcelona.start, 'Europe/Madrid')} Barcelona (${utcOffset(barcelona.start, 'Europe/Madrid')})`,
  );
  // The traveler's clock (Lisbon) reads an hour earlier: shown, named by the city they book in.
  await expect(card(barcelona.id).getByTestId('booking-viewer-time')).toHaveText(
    `${timeIn(barcelona.start, VIEWER_ZONE)} your time, Lisbon (${utcOffset(barcelona.start, VIEWER_ZONE)})`,
  );
  await expect(card(lisbon.id)).toContainText(`Lisbon (${utcOffset(lisbon.start, VIEWER_ZONE)})`);
  await expect(card(lisbon.id).getByTestId('booking-viewer-time')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/Makassar|Madrid|Europe\/|Asia\//);
  await expectNoSeriousA11yViolations(page, 'traveler dashboard with two zones (light)');

  await page.goto('/dashboard/traveler?tab=past');
  const bali = find(past, 'Bali');
  await expect(card(bali.id)).toContainText(`${timeIn(bali.start, 'Asia/Makassar')} Bali (UTC+8)`);
  await expect(card(bali.id).getByTestId('booking-viewer-time')).toContainText(`${timeIn(bali.start, VIEWER_ZONE)}`);
  await expect(card(bali.id).getByTestId('booking-viewer-time')).toContainText(
    `your time, Lisbon (${utcOffset(bali.start, VIEWER_ZONE)})`,
  );
  await expect(page.getByRole('main')).not.toContainText(/Makassar|Madrid|Europe\/|Asia\//);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousA11yViolations(page, 'traveler dashboard with two zones (dark)');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page, 'traveler dashboard with two zones (phone)');
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/**
 * Calendar sync on the Availability tab (decision 040): a New York provider imports a calendar
 * served by a local server (the app runs with CALENDAR_FETCH_ALLOW_PRIVATE=true, loopback only),
 * sees when it last synced and its busy time greyed in the week under the calendar's name (never
 * the event's title), sees the errors of two broken addresses in plain words, a calendar with one
 * event that cannot be read (the rest kept, the count shown) and one whose rule never happens,
 * makes and resets the private feed link, and removes the calendar.
 */

const NY = 'America/New_York';
const SHOTS = process.env.CAL_SYNC_SHOTS;

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

function calendarFor(date: string): string {
  const d = date.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Locora e2e//EN',
    'X-WR-TIMEZONE:America/New_York',
    'BEGIN:VEVENT',
    'UID:e2e-busy@example.com',
    `DTSTART;TZID=America/New_York:${d}T100000`,
    `DTEND;TZID=America/New_York:${d}T110000`,
    'DTSTAMP:20260101T000000Z',
    'SUMMARY:Secret client meeting',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test('a provider imports a calendar, sees its sync state and busy time, and makes a feed link', async ({ page }) => {
  test.setTimeout(180_000);
  const today = todayIn(NY);
  const server = http.createServer((req, res) => {
    if (req.url === '/work.ics') res.writeHead(200, { 'content-type': 'text/calendar' }).end(calendarFor(today));
    else if (req.url === '/partly.ics')
      // One event is fine; the other's DTSTART carries 60 parameters and cannot be read.
      res
        .writeHead(200, { 'content-type': 'text/calendar' })
        .end(
          calendarFor(today).replace(
            'END:VCALENDAR',
            `BEGIN:VEVENT\r\nUID:e2e-broken@example.com\r\nDTSTART${';X-P=1'.repeat(60)}:20260101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR`,
          ),
        );
    else if (req.url === '/never.ics')
      res
        .writeHead(200, { 'content-type': 'text/calendar' })
        .end(
          calendarFor(today)
            .replace('UID:e2e-busy@example.com', 'UID:e2e-never@example.com')
            .replace('DTSTAMP:', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30\r\nDTSTAMP:'),
        );
    else if (req.url === '/login.ics')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>');
    else res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const signup = await page.request.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('calendar-sync'),
        password: 'calendar-sync-pass-1',
        name: 'Cal Sync',
        role: 'PROVIDER',
        timeZone: NY,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    await page.goto('/dashboard/provider?tab=availability');
    const card = page.getByRole('region', { name: 'Calendar sync' });
    await expect(card.getByText('No calendars yet.')).toBeVisible();

    // A calendar that works.
    await card.getByLabel('Name').fill('Work');
    await card.getByLabel(/Calendar address/).fill(`${base}/work.ics`);
    await card.getByRole('button', { name: 'Add calendar' }).click();
    const calendars = card.getByRole('list', { name: 'Imported calendars' });
    const work = calendars.getByRole('listitem').filter({ hasText: 'Work' });
    await expect(work).toContainText(/Last synced .* · 1 busy time/, { timeout: 30_000 });

    // Its busy time, greyed in today's column, under the calendar's name and never the event's title.
    const busy = page.locator('[data-imported-busy]');
    await expect(busy).toHaveCount(1, { timeout: 20_000 });
    await expect(busy).toContainText('10:00-11:00');
    await expect(busy).toContainText('Busy · Work');
    await expect(page.getByText('Secret client meeting')).toHaveCount(0);

    // Two that do not work: the errors in plain words.
    for (const [name, path] of [
      ['Gone', '/missing.ics'],
      ['Login page', '/login.ics'],
    ] as const) {
      await card.getByLabel('Name').fill(name);
      await card.getByLabel(/Calendar address/).fill(`${base}${path}`);
      await card.getByRole('button', { name: 'Add calendar' }).click();
      // Added (and the form emptied) before the next one is typed.
      await expect(calendars.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    }
    await expect(calendars.getByRole('listitem').filter({ hasText: 'Gone' })).toContainText('Last error', {
      timeout: 30_000,
    });
    await expect(calendars.getByRole('listitem').filter({ hasText: 'Gone' })).toContainText('The address answered 404');
    await expect(calendars.getByRole('listitem').filter({ hasText: 'Login page' })).toContainText(
      'This is not a calendar file',
      { timeout: 30_000 },
    );
    // A calendar with one event that cannot be read keeps the rest; one whose rule never happens says so.
    await card.getByRole('button', { name: 'Remove Gone' }).click();
    await expect(calendars.getByRole('listitem').filter({ hasText: 'Gone' })).toHaveCount(0);
    for (const [name, path] of [
      ['Partly', '/partly.ics'],
      ['Never', '/never.ics'],
    ] as const) {
      await card.getByLabel('Name').fill(name);
      await card.getByLabel(/Calendar address/).fill(`${base}${path}`);
      await card.getByRole('button', { name: 'Add calendar' }).click();
      // Added (and the form emptied) before the next one is typed.
      await expect(calendars.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
    }
    const partly = calendars.getByRole('listitem').filter({ hasText: 'Partly' });
    await expect(partly).toContainText(/Last synced .* · 1 busy time/, { timeout: 30_000 });
    await expect(partly).toContainText('1 event could not be read');
    const never = calendars.getByRole('listitem').filter({ hasText: 'Never' });
    await expect(never).toContainText('An event in the calendar repeats on a date that never comes (February 30)', {
      timeout: 30_000,
    });
    await expect(never).toContainText('After 3 failed syncs in a row, we pause it.');
    await expectNoSeriousA11yViolations(page, 'availability with calendar sync');

    // The same rows in Japanese: the card's own words are translated; the calendar's name is not.
    await page.goto('/ja/dashboard/provider?tab=availability');
    const cardJa = page.getByRole('region', { name: 'カレンダー同期' });
    const partlyJa = cardJa.getByRole('list', { name: '取り込んだカレンダー' }).getByRole('listitem').filter({
      hasText: 'Partly',
    });
    await expect(partlyJa).toContainText('1 件の予定を読み取れませんでした');
    await expect(partlyJa).toContainText(/最終同期: .* · 予定あり 1 件/);
    await expect(cardJa.getByRole('button', { name: 'Partly を削除' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-sync-ja.png`, fullPage: true });
    await page.goto('/dashboard/provider?tab=availability');
    await expect(card.getByText('No calendars yet.')).toHaveCount(0);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/calendar-sync-light.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${SHOTS}/calendar-sync-dark.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/calendar-sync-phone.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 'calendar sync on a phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The private feed link: shown once, and a reset ends the old one.
    await card.getByRole('button', { name: 'Create link' }).click();
    const link = card.getByLabel('Your private calendar link');
    await expect(link).toHaveValue(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await link.inputValue();
    const feed = await page.request.get(new URL(first).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    await card.getByRole('button', { name: 'Reset link' }).click();
    await expect(link).not.toHaveValue(first);
    expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);

    // Removing the calendar removes its busy time.
    await card.getByRole('button', { name: 'Remove Work' }).click();
    await expect(calendars.getByRole('listitem').filter({ hasText: 'Work' })).toHaveCount(0);
    await expect(busy.filter({ hasText: 'Busy · Work' })).toHaveCount(0);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

import { expect, test, type Page } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/**
 * Availability (decision 015): a provider in New York (the browser is in Lisbon, see
 * playwright.config.ts) sets a weekly schedule on the dashboard's Availability tab. The week view
 * shows it on New York's clock in half hours, also in the week the clocks change and long after
 * twelve weeks (a schedule runs until it is ended, decision 064); one occurrence and then the whole
 * series are deleted.
 */

const NY = 'America/New_York';
const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'yyyy-MM-dd' that `ms` shows in `timeZone`. */
function dateIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** 'Mar 8' and 'Mar 8, 2026' (the product's 'MMM d, yyyy'). */
const monthDay = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
const longDate = (date: string) => `${monthDay(date)}, ${date.slice(0, 4)}`;
/** UTC offset in minutes of `timeZone` at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/**
 * The Sunday New York's clocks next change on, at least two weeks ahead (US changes fall on a
 * Sunday at 02:00, so the week that starts that Sunday is all on the new time), and the Sunday that
 * starts the current week there.
 */
function nextChangeWeek(now = Date.now()) {
  const today = dateIn(now, NY);
  const thisWeek = addDays(today, -weekday(today));
  for (let sunday = addDays(thisWeek, 14); sunday < addDays(thisWeek, 7 * 40); sunday = addDays(sunday, 7)) {
    const noon = Date.parse(`${sunday}T12:00:00Z`);
    if (offsetAt(noon, NY) !== offsetAt(noon - DAY_MS, NY)) return { thisWeek, changeWeek: sunday };
  }
  throw new Error('No DST change in New York in the next 40 weeks');
}

const day = (page: Page, date: string) =>
  page
    .getByRole('list', { name: /^Days of the week of/ })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: `${WEEKDAYS[weekday(date)]}, ${monthDay(date)}` }),
    });

test('a provider sets a weekly schedule in their zone, across a DST change, and deletes it', async ({ page }) => {
  // A long journey with axe four times: five minutes, so a busy machine does not cut it short.
  test.setTimeout(300_000);
  const { thisWeek, changeWeek } = nextChangeWeek();
  const weekBefore = addDays(changeWeek, -7);
  const clicks = (Date.parse(weekBefore) - Date.parse(thisWeek)) / (7 * DAY_MS);

  // A new provider in New York (signed in through the browser's own cookie jar).
  const signup = await page.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('availability'),
      password: 'availability-pass-1',
      name: 'Avery Hours',
      role: 'PROVIDER',
      timeZone: NY,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const me = (await (await page.request.get('/api/provider/me')).json()) as { id: string; timeZone: string };
  expect(me.timeZone).toBe(NY);

  await page.goto('/dashboard/provider');
  await page.getByRole('tab', { name: 'Availability' }).click();
  await expect(page.getByRole('heading', { name: `Week of ${longDate(thisWeek)}` })).toBeVisible();
  // No base city: the zone's own name with its offset, never the IANA id.
  await expect(page.getByText(/^Times in Eastern Time \(UTC\u2212[45]\)$/).first()).toBeVisible();
  await expect(page.getByRole('list', { name: /^Days of the week of/ }).getByRole('listitem')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page, 'availability, empty week');

  // To the week before the clocks change, and back one, and forward again.
  for (let i = 0; i < clicks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { name: `Week of ${longDate(weekBefore)}` })).toBeVisible();

  // The dialog: the product's controls, defaults and messages.
  await page.getByRole('button', { name: 'Add Availability' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Availability' });
  await expect(dialog.getByLabel('Start Time')).toHaveValue('09:00');
  await expect(dialog.getByLabel('End Time')).toHaveValue('17:00');
  await expect(dialog.getByLabel('Start Time').locator('option:checked')).toHaveText('9:00');
  // Every half hour is offered.
  await expect(dialog.getByLabel('Start Time').locator('option')).toHaveCount(48);
  await expect(dialog.getByLabel('Start Time').locator('option', { hasText: /^9:30$/ })).toHaveCount(1);
  await expect(dialog.getByLabel('Date').locator('option')).toHaveCount(7);
  await expect(dialog.getByRole('switch', { name: 'Block Time (unavailable)' })).not.toBeChecked();
  await dialog.getByRole('switch', { name: 'Recurring Schedule' }).click();
  await expect(dialog.getByLabel('Date')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Select at least one day')).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Monday' }).check();
  await dialog.getByRole('checkbox', { name: 'Wednesday' }).check();
  await expect(dialog.getByText(/^Every week from .* until you delete the series\.$/)).toBeVisible();
  await dialog.getByLabel('End Time').selectOption('08:00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('End time must be after start time')).toBeVisible();
  await dialog.getByLabel('Start Time').selectOption('09:30');
  await dialog.getByLabel('End Time').selectOption('17:00');
  await expect(dialog.getByText('End time must be after start time')).toBeHidden();
  // (The pointer off the buttons, and their colour transitions over: axe reads the colour of the moment.)
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoSeriousA11yViolations(page, 'add availability dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Availability added successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The week before the change: Monday and Wednesday, 09:30-17:00 on New York's clock.
  const monday = addDays(weekBefore, 1);
  const wednesday = addDays(weekBefore, 3);
  await expect(day(page, monday).getByText('09:30-17:00')).toBeVisible();
  await expect(day(page, wednesday).getByText('09:30-17:00')).toBeVisible();
  await expect(day(page, addDays(weekBefore, 2)).getByText('No slots')).toBeVisible();
  await expect(day(page, monday).getByText('Weekly')).toBeVisible();

  // The week the clocks changed: still 09:30-17:00 on screen, while the UTC time moved an hour.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { name: `Week of ${longDate(changeWeek)}` })).toBeVisible();
  const mondayAfter = addDays(changeWeek, 1);
  await expect(day(page, mondayAfter).getByText('09:30-17:00')).toBeVisible();
  await expect(day(page, addDays(changeWeek, 3)).getByText('09:30-17:00')).toBeVisible();
  const slots = (await (
    await page.request.get(`/api/availability/${me.id}?from=${weekBefore}&to=${addDays(changeWeek, 7)}`)
  ).json()) as { start: string }[];
  expect(slots).toHaveLength(4);
  const utcHours = slots.map((s) => new Date(s.start).getUTCHours());
  expect(utcHours[0]).toBe(utcHours[1]);
  expect(Math.abs(utcHours[0]! - utcHours[2]!)).toBe(1);
  expect(slots.every((s) => new Date(s.start).getUTCMinutes() === 30)).toBe(true);
  // Half a year on, far past twelve weeks, the schedule still runs.
  const later = addDays(changeWeek, 7 * 26);
  const stillThere = (await (
    await page.request.get(`/api/availability/${me.id}?from=${later}&to=${addDays(later, 7)}`)
  ).json()) as { start: string }[];
  expect(stillThere).toHaveLength(2);

  // Phone width: the days stack, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page, 'availability on a phone');
  const first = await day(page, changeWeek).boundingBox();
  const second = await day(page, mondayAfter).boundingBox();
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  // The chips read the half hour on a phone too, and the dialog's time choices fit the screen.
  await expect(day(page, mondayAfter).getByText('09:30-17:00')).toBeVisible();
  await page.getByRole('button', { name: 'Add Availability' }).click();
  const end = await dialog.getByLabel('End Time').boundingBox();
  expect(end!.x + end!.width).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete one occurrence: asked this one or the series; this one.
  await day(page, mondayAfter)
    .getByRole('button', { name: `Delete 09:30-17:00 on Monday, ${monthDay(mondayAfter)}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete recurring availability' });
  await confirm.getByRole('button', { name: 'This one' }).click();
  await expect(page.getByText('Availability deleted').first()).toBeVisible();
  await expect(day(page, mondayAfter).getByText('No slots')).toBeVisible();
  await expect(day(page, addDays(changeWeek, 3)).getByText('09:30-17:00')).toBeVisible();

  // A one-off blocked hour: destructive, and labelled so (not colour alone).
  await page.getByRole('button', { name: 'Add Availability' }).click();
  await dialog.getByLabel('Date').selectOption(addDays(changeWeek, 5));
  await dialog.getByLabel('Start Time').selectOption('12:00');
  await dialog.getByLabel('End Time').selectOption('12:30');
  await dialog.getByRole('switch', { name: 'Block Time (unavailable)' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const friday = day(page, addDays(changeWeek, 5));
  await expect(friday.getByText('12:00-12:30')).toBeVisible();
  await expect(friday.getByText('Blocked')).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'availability with available and blocked slots');

  // Dark theme looked at too (the toggle keeps the week on screen).
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html.dark')).toHaveCount(1);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'availability, dark theme');

  // Delete the whole series from one of its occurrences: gone from every week.
  await day(page, addDays(changeWeek, 3))
    .getByRole('button', { name: /^Delete 09:30-17:00 on Wednesday/ })
    .click();
  await confirm.getByRole('button', { name: 'The whole series' }).click();
  await expect(page.getByText('Availability deleted').first()).toBeVisible();
  await expect(day(page, addDays(changeWeek, 3)).getByText('No slots')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(day(page, monday).getByText('No slots')).toBeVisible();
  await expect(day(page, wednesday).getByText('No slots')).toBeVisible();
  expect(
    await (await page.request.get(`/api/availability/${me.id}?from=${later}&to=${addDays(later, 7)}`)).json(),
  ).toEqual([]);
  const left = (await (
    await page.request.get(`/api/availability/${me.id}?from=${weekBefore}&to=${addDays(changeWeek, 7)}`)
  ).json()) as { isBlocked: boolean }[];
  expect(left.map((s) => s.isBlocked)).toEqual([true]);
});

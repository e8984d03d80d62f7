import { expect, test, type Page } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshotTo, uniqueEmail } from './helpers';

/**
 * Checkout (docs/product.md, Checkout): a traveler in Lisbon (playwright.config.ts) picks a day on
 * the service page of a provider in New York, sees that day's free times on New York's clock (and
 * their own), requests one and lands on their dashboard. A second traveler who chose a time someone
 * else took a moment before is told so and offered the times still free. Signed out, checkout goes
 * through sign in and comes back with the date. axe, phone width and the dark theme are checked on
 * the way.
 */

const NY = 'America/New_York';
const LISBON = 'Europe/Lisbon';
const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'checkout-pass-1';
// Signing in hashes a password and loads the next page: slow on a busy machine.
const AFTER_SIGN_IN = { timeout: 30_000 };

function dateIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(ms),
  );
}
/** 'HH:mm' an instant shows in `timeZone`. */
function wallTimeIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}
/** The calendar's name of a day button: 'Friday, November 27, 2026'. */
function dayButtonName(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

type Setup = { serviceId: string; title: string; day: string };

/** A provider in New York with a service (2 hours minimum) free 09:00-17:00 on one day, 4 days ahead. */
async function providerWithFreeDay(page: Page): Promise<Setup> {
  const provider = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const api = provider.request;
    const signup = await api.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('checkout-provider'),
        password: PASSWORD,
        name: 'Nora York',
        role: 'PROVIDER',
        timeZone: NY,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const categories = (await (await api.get('/api/categories')).json()) as { id: string }[];
    const title = `Harbour kayak morning ${Date.now().toString(36)}`;
    const created = await api.post('/api/services', {
      data: {
        title,
        description: 'Two hours on the water with a guide.',
        categoryId: categories[0]!.id,
        price: 4550,
        pricingUnit: 'per hour',
        minHours: 2,
        city: 'New York',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { service } = (await created.json()) as { service: { id: string } };
    const day = dateIn(Date.now() + 4 * DAY_MS, NY);
    const slot = await api.post('/api/availability', { data: { start: `${day}T09:00`, end: `${day}T17:00` } });
    expect(slot.status(), await slot.text()).toBe(201);
    return { serviceId: service.id, title, day };
  } finally {
    await provider.close();
  }
}

async function signUpTraveler(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, name: `${prefix} traveler` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** A second browser (its own cookies) whose pages wait for hydration like the fixture's. */
async function otherBrowser(
  page: Page,
  options: { viewport?: { width: number; height: number }; theme?: string; timezoneId?: string } = {},
) {
  const context = await page
    .context()
    .browser()!
    .newContext({
      baseURL: test.info().project.use.baseURL,
      timezoneId: options.timezoneId ?? LISBON,
      viewport: options.viewport ?? { width: 1280, height: 900 },
    });
  if (options.theme) await context.addInitScript((t) => window.localStorage.setItem('theme', t), options.theme);
  const other = await context.newPage();
  const goto = async (url: string) => {
    await other.goto(url);
    await other.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
  return { context, page: other, goto };
}

const slotButton = (page: Page, time: string) =>
  page.getByRole('group', { name: /^Times in New York/ }).getByRole('button', { name: new RegExp(`^${time}`) });

test('a traveler picks a day on the service page, then a free time at checkout, and requests it', async ({ page }) => {
  test.slow();
  const { serviceId, title, day } = await providerWithFreeDay(page);
  await signUpTraveler(page, 'first');

  // The service page: only the free day can be chosen.
  await page.goto(`/service/${serviceId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  if (day.slice(0, 7) !== dateIn(Date.now(), LISBON).slice(0, 7))
    await page.getByRole('button', { name: 'Next month' }).click();
  const grid = page.getByRole('grid', { name: /Booking date/ });
  await expect(page.locator('[data-free-days="known"]')).toHaveCount(1);
  const freeDay = grid.getByRole('button', { name: dayButtonName(day) });
  await expect(freeDay).not.toHaveAttribute('aria-disabled', 'true');
  const dayAfter = dateIn(Date.parse(`${day}T12:00:00Z`) + DAY_MS, 'UTC');
  if (dayAfter.slice(0, 7) === day.slice(0, 7))
    await expect(grid.getByRole('button', { name: dayButtonName(dayAfter) })).toHaveAttribute('aria-disabled', 'true');
  await freeDay.click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(`/checkout/${serviceId}?date=${day}`);

  // Checkout: that day's free times on New York's clock, each with the Lisbon time too.
  await expect(page.getByRole('link', { name: 'Back to service' })).toHaveAttribute('href', `/service/${serviceId}`);
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Times in New York \(UTC\u2212[45]\)$/ })).toBeVisible();
  // The traveler's zone: no city this page knows lies in it, so its own name (never 'Europe/Lisbon').
  await expect(
    page.getByText(/^Your time, Western European Time \(UTC(\+1)?\), is shown under each time\.$/),
  ).toBeVisible();
  // 2 hours in 09:00-17:00 every 30 minutes: 9:00 AM ... 3:00 PM.
  const times = page.getByRole('group', { name: /^Times in New York/ }).getByRole('button');
  await expect(times).toHaveCount(13);
  await expect(slotButton(page, '9:00 AM')).toHaveAccessibleName(/^9:00 AM \( ?\d{1,2}:00 PM your time\)$/);
  await expect(page.getByLabel('Number of Hours')).toHaveValue('2');
  await expect(page.getByText('Minimum 2 hours')).toBeVisible();
  await expect(page.getByText('Payment processing is not configured.')).toBeVisible();
  await expect(page.getByText('Please add Stripe API keys to enable payments.')).toBeVisible();
  // $45.50 x 2 = $91, fee $4.55, total $95.55.
  await expect(page.getByTestId('summary-price')).toHaveText('$45.50 per hour');
  await expect(page.getByTestId('summary-fee')).toHaveText('$4.55');
  await expect(page.getByTestId('summary-total')).toHaveText('$95.55');
  const request = page.getByRole('button', { name: 'Request to book' });
  await expect(request).toBeDisabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'checkout before a time is chosen', { labelInName: true });

  // Three hours: the times refetch (the last start is now 2:00 PM) and the total follows.
  await page.getByLabel('Number of Hours').fill('3');
  await expect(times).toHaveCount(11);
  await expect(page.getByTestId('summary-total')).toHaveText('$143.33');
  await page.getByLabel('Number of Hours').fill('1');
  await expect(page.getByText('This service needs at least 2 hours')).toBeVisible();
  await page.getByLabel('Number of Hours').fill('2');

  await slotButton(page, '9:00 AM').click();
  await expect(slotButton(page, '9:00 AM')).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Service Address').fill('Pier 11, Wall Street');
  await page.getByLabel('Special Requests (Optional)').fill('Two paddles please');
  await expect(request).toBeEnabled();
  await page.mouse.move(0, 0);
  await screenshotTo(page, 'checkout-light');
  // Start times are named by the times they show (label in name), in both themes.
  await expectNoSeriousA11yViolations(page, 'checkout with a time chosen', { labelInName: true });

  await request.click();
  await expect(page).toHaveURL('/dashboard/traveler');
  await expect(page.getByText('Booking requested', { exact: true })).toBeVisible();
  const mine = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as {
    status: string;
    start: string;
    hours: number;
    address: string | null;
    service: { id: string };
  }[];
  const booking = mine.find((b) => b.service.id === serviceId);
  expect(booking?.status).toBe('PENDING');
  expect(booking?.hours).toBe(2);
  expect(booking?.address).toBe('Pier 11, Wall Street');
  expect(wallTimeIn(booking!.start, NY)).toBe('09:00');
});

test('a traveler whose day differs reads each start with their weekday, inside its button at 1280 and 375 px', async ({
  page,
}) => {
  test.slow();
  const { serviceId, day } = await providerWithFreeDay(page);
  // In Tokyo, New York's 9:00 AM is 11:00 PM the same day and 10:00 AM is past midnight: a weekday shows.
  for (const [viewport, theme] of [
    [{ width: 1280, height: 900 }, 'light'],
    [{ width: 375, height: 812 }, 'dark'],
  ] as const) {
    const tokyo = await otherBrowser(page, { viewport, theme, timezoneId: 'Asia/Tokyo' });
    try {
      await signUpTraveler(tokyo.page, `tokyo-${viewport.width}`);
      await tokyo.goto(`/checkout/${serviceId}?date=${day}`);
      const times = tokyo.page.getByRole('group', { name: /^Times in New York/ }).getByRole('button');
      await expect(times).toHaveCount(13);
      await expect(times.nth(2)).toContainText(/\d{1,2}:00 AM [A-Z][a-z]+day/);
      // Every line under a start lies inside its own button: nothing spills over a neighbour.
      const spills = await times.evaluateAll((buttons) =>
        buttons.flatMap((button) => {
          const box = button.getBoundingClientRect();
          return [...button.querySelectorAll('span')]
            .map((span) => span.getBoundingClientRect())
            .filter((r) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
            .map(() => button.textContent);
        }),
      );
      expect(spills, `${viewport.width} px`).toEqual([]);
      await expectNoHorizontalScroll(tokyo.page, `checkout times at ${viewport.width} px`);
      // The chosen start, under the pointer, keeps its contrast (axe reads the colour of the moment).
      await times.nth(2).click();
      await times.nth(2).hover();
      await tokyo.page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await expectNoSeriousA11yViolations(tokyo.page, `checkout, chosen time hovered, ${theme}`, { labelInName: true });
    } finally {
      await tokyo.context.close();
    }
  }
});

test('a provider declines offering two other times; the traveler opens one, at checkout with it chosen', async ({
  page,
}) => {
  test.slow();
  // The provider, signed in in their own browser at 1280 px.
  const providerContext = await page
    .context()
    .browser()!
    .newContext({
      baseURL: test.info().project.use.baseURL,
      timezoneId: LISBON,
      viewport: { width: 1280, height: 900 },
    });
  try {
    const api = providerContext.request;
    const signup = await api.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('decline-provider'),
        password: PASSWORD,
        name: 'Dora Decline',
        role: 'PROVIDER',
        timeZone: NY,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const categories = (await (await api.get('/api/categories')).json()) as { id: string }[];
    const created = await api.post('/api/services', {
      data: {
        title: `Sunset sail ${Date.now().toString(36)}`,
        description: 'Two hours on the bay.',
        categoryId: categories[0]!.id,
        price: 4550,
        pricingUnit: 'per hour',
        minHours: 2,
        city: 'New York',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const serviceId = ((await created.json()) as { service: { id: string } }).service.id;
    const day = dateIn(Date.now() + 4 * DAY_MS, NY);
    expect(
      (await api.post('/api/availability', { data: { start: `${day}T09:00`, end: `${day}T17:00` } })).status(),
    ).toBe(201);

    // The traveler asks for 9:00 AM.
    await signUpTraveler(page, 'declined');
    const slots = (await (await page.request.get(`/api/services/${serviceId}/slots?date=${day}&hours=2`)).json()) as {
      slots: { start: string }[];
    };
    const asked = await page.request.post('/api/bookings', {
      data: { serviceId, start: slots.slots[0]!.start, hours: 2, address: 'Pier 11, Wall Street' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const bookingId = ((await asked.json()) as { booking: { id: string } }).booking.id;

    // The provider declines and offers 11:00 AM and 1:00 PM from that day's free times.
    const provider = await providerContext.newPage();
    await provider.goto('/dashboard/provider?tab=bookings');
    await provider.getByRole('button', { name: /^Decline .*request/ }).click();
    const dialog = provider.getByRole('alertdialog', { name: 'Decline this request?' });
    const free = dialog.getByRole('list', { name: 'Free times that day' });
    await expect(free.getByRole('button', { name: '9:00 AM' })).toHaveCount(0); // the request's own time
    await free.getByRole('button', { name: '11:00 AM' }).click();
    await free.getByRole('button', { name: '1:00 PM' }).click();
    await expect(free.getByRole('button', { name: '11:00 AM' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByText('Offered (2 of 3)')).toBeVisible();
    await provider.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(provider, 'decline dialog with other times');
    await dialog.getByRole('button', { name: 'Decline request' }).click();
    await expect(dialog).toBeHidden();
    await expect(provider.getByText('Booking declined', { exact: true })).toBeVisible();

    // The traveler, on a phone: the booking page lists both, each a link to checkout with it chosen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/dashboard/traveler/bookings/${bookingId}`);
    const offered = page.getByRole('region', { name: 'Dora Decline offered other times' });
    await expect(offered.getByRole('link')).toHaveCount(2);
    await expect(offered.getByRole('link').first()).toContainText('11:00 AM');
    await expectNoHorizontalScroll(page, 'offered times on a phone');
    await expectNoSeriousA11yViolations(page, 'booking page with offered times');
    await offered.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${serviceId}\\?date=`));
    await expect(slotButton(page, '11:00 AM')).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await providerContext.close();
  }
});

test('a time taken a moment before is refused clearly and the times still free are offered', async ({ page }) => {
  test.slow();
  const { serviceId, day } = await providerWithFreeDay(page);
  // Someone else, through the API, in their own session.
  const rival = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const signup = await rival.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('rival'), password: PASSWORD, name: 'Rival traveler' },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  // This traveler is on a phone, in the dark theme.
  const phone = await otherBrowser(page, { viewport: { width: 375, height: 812 }, theme: 'dark' });
  try {
    await signUpTraveler(phone.page, 'second');
    await phone.goto(`/checkout/${serviceId}?date=${day}`);
    await expect(phone.page.locator('html.dark')).toHaveCount(1);
    await slotButton(phone.page, '1:00 PM').click();
    await phone.page.getByLabel('Number of Hours').fill('2');
    await phone.page.getByLabel('Service Address').fill('Battery Park');
    await slotButton(phone.page, '1:00 PM').click();
    await expectNoHorizontalScroll(phone.page, 'checkout at 375 px');
    await phone.page.mouse.move(0, 0);
    await screenshotTo(phone.page, 'checkout-phone-dark');
    await expectNoSeriousA11yViolations(phone.page, 'checkout at 375 px, dark', { labelInName: true });

    // The rival takes 1:00 PM first.
    const slots = (await (await rival.request.get(`/api/services/${serviceId}/slots?date=${day}&hours=2`)).json()) as {
      slots: { start: string }[];
    };
    const onePm = slots.slots.find((s) => wallTimeIn(s.start, NY) === '13:00');
    expect(onePm).toBeTruthy();
    const taken = await rival.request.post('/api/bookings', {
      data: { serviceId, start: onePm!.start, hours: 2, address: 'Hudson Yards' },
      headers: { 'Idempotency-Key': `rival-${Date.now()}` },
    });
    expect(taken.status(), await taken.text()).toBe(201);

    await phone.page.getByRole('button', { name: 'Request to book' }).click();
    await expect(phone.page.getByRole('alert').filter({ hasText: 'That time was just taken' })).toBeVisible();
    // 1:00 PM and the times overlapping it are gone; 11:00 AM (ending at 1:00 PM) is still free.
    await expect(slotButton(phone.page, '1:00 PM')).toHaveCount(0);
    await expect(slotButton(phone.page, '12:00 PM')).toHaveCount(0);
    await expect(slotButton(phone.page, '11:00 AM')).toBeVisible();
    await expect(slotButton(phone.page, '3:00 PM')).toBeVisible();
    // What was typed is kept.
    await expect(phone.page.getByLabel('Service Address')).toHaveValue('Battery Park');
    await expect(phone.page.getByRole('button', { name: 'Request to book' })).toBeDisabled();
    await phone.page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(phone.page, 'checkout after a taken time, dark', { labelInName: true });

    await slotButton(phone.page, '11:00 AM').click();
    await phone.page.getByRole('button', { name: 'Request to book' }).click();
    await expect(phone.page).toHaveURL('/dashboard/traveler');
  } finally {
    await phone.context.close();
    await rival.close();
  }
});

test('signed out, checkout goes to sign in and comes back with the date', async ({ page }) => {
  test.slow();
  const { serviceId, day } = await providerWithFreeDay(page);
  const email = await signUpTraveler(page, 'returning');
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();

  await page.goto(`/checkout/${serviceId}?date=${day}`);
  await expect(page).toHaveURL(/\/auth\/signin\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/checkout/${serviceId}?date=${day}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`/checkout/${serviceId}?date=${day}`, AFTER_SIGN_IN);
  await expect(page.getByRole('heading', { name: /^Times in New York/ })).toBeVisible();
  await expect(page.getByRole('grid', { name: /Booking date/ }).locator('[data-selected]')).toHaveAccessibleName(
    new RegExp(`^${dayButtonName(day)}`),
  );
});

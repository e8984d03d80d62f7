import { expect, test, type Page, type Request } from '@playwright/test';
import { uniqueEmail } from './helpers';

/**
 * Server-rendered forms keep what was typed, or filled in by a password manager, before the page
 * hydrated (decision 043). Each journey holds the page's JavaScript back (page.route) with the CPU
 * slowed down (Chrome's Emulation.setCPUThrottlingRate), types into the form while the page is
 * still only HTML, then lets the JavaScript run and checks that the values are still there and
 * that what is sent carries them: sign in, sign up, forgot password, the home and browse search
 * boxes, checkout's address and requests, and the settings profile.
 *
 * These pages are never hydrated when they are opened, so this file uses Playwright's own `test`
 * (the fixture's `goto` waits for hydration); it fails on console errors the same way.
 */

const PASSWORD = 'hydration-pass-1';
// Hydrating on a slowed-down CPU, then signing in (a password hash), is slow on a busy machine.
const SLOW = { timeout: 45_000 };

test.describe.configure({ timeout: 180_000 });

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text());
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});
test.afterEach(() => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

/**
 * Opens `url` with its JavaScript held back and the CPU 4x slower; returns `hydrate`, which lets
 * the JavaScript load and waits until the app is live (main.tsx marks <html data-hydrated>).
 */
async function openBeforeHydration(page: Page, url: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/[^/?]+\.js(\?|$)/;
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'commit' });
  return async () => {
    // Typed while the page was still only HTML.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', ...SLOW });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.unroute(scripts);
  };
}

/** The JSON body of the next request to `path` with `method`. */
function nextBody(page: Page, method: string, path: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r: Request) => r.method() === method && new URL(r.url()).pathname === path, SLOW)
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

async function signUpByApi(page: Page, prefix: string, extra: Record<string, unknown> = {}) {
  const email = uniqueEmail(prefix);
  const res = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, name: `${prefix} person`, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

test('sign in: the email typed and the password filled in before hydration are kept and signed in with', async ({
  page,
}) => {
  const email = await signUpByApi(page, 'early-signin');
  await page.context().clearCookies();

  const hydrate = await openBeforeHydration(page, '/auth/signin');
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await hydrate();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
  const sent = nextBody(page, 'POST', '/api/auth/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect(await sent).toMatchObject({ email, password: PASSWORD });
  await expect(page).toHaveURL('/', SLOW);
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('sign up: name, email and password typed before hydration make the account', async ({ page }) => {
  const email = uniqueEmail('early-signup');
  const hydrate = await openBeforeHydration(page, '/auth/signup');
  await page.getByLabel('Full Name').pressSequentially('Early Bird');
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await hydrate();

  await expect(page.getByLabel('Full Name')).toHaveValue('Early Bird');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  const sent = nextBody(page, 'POST', '/api/auth/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await sent).toMatchObject({ name: 'Early Bird', email, password: PASSWORD });
  await expect(page).toHaveURL('/browse', SLOW);
});

test('forgot password: the email typed before hydration is the one sent', async ({ page }) => {
  const email = await signUpByApi(page, 'early-forgot');
  await page.context().clearCookies();
  const hydrate = await openBeforeHydration(page, '/auth/forgot-password');
  await page.getByLabel('Email').pressSequentially(email);
  await hydrate();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  const sent = nextBody(page, 'POST', '/api/auth/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect(await sent).toMatchObject({ email });
});

test('home and browse: the search boxes keep what was typed before hydration', async ({ page }) => {
  let hydrate = await openBeforeHydration(page, '/');
  const hero = page.getByRole('search');
  await hero.getByLabel('Service').pressSequentially('massage');
  await hero.getByLabel('City').pressSequentially('Lisbon');
  await hydrate();
  await expect(hero.getByLabel('Service')).toHaveValue('massage');
  await expect(hero.getByLabel('City')).toHaveValue('Lisbon');
  await hero.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/browse?q=massage&city=Lisbon', SLOW);

  hydrate = await openBeforeHydration(page, '/browse');
  const box = page.getByRole('searchbox', { name: /Search/ });
  await box.pressSequentially('yoga');
  await hydrate();
  await expect(box).toHaveValue('yoga');
  // The browse box searches as it is typed: what was typed early is searched for.
  await expect(page).toHaveURL(/\/browse\?q=yoga$/, SLOW);
});

test('settings: the name typed before hydration is the one saved', async ({ page }) => {
  await signUpByApi(page, 'early-settings');
  const hydrate = await openBeforeHydration(page, '/settings');
  const name = page.getByLabel('Full Name');
  await name.fill('Renamed Early');
  await hydrate();

  await expect(name).toHaveValue('Renamed Early');
  const sent = nextBody(page, 'PATCH', '/api/account/profile');
  await page.getByRole('button', { name: 'Save changes' }).first().click();
  expect(await sent).toMatchObject({ name: 'Renamed Early' });
});

test('checkout: the address and requests typed before hydration are booked with', async ({ page }) => {
  // A provider with one free day, 4 days ahead, through the API in a context of its own.
  const provider = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const categories = (await (await provider.request.get('/api/categories')).json()) as { id: string }[];
  const signup = await provider.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('early-provider'),
      password: PASSWORD,
      name: 'Early Provider',
      role: 'PROVIDER',
      timeZone: 'Europe/Lisbon',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const created = await provider.request.post('/api/services', {
    data: {
      title: `Early massage ${Date.now().toString(36)}`,
      categoryId: categories[0]!.id,
      price: 5000,
      city: 'Lisbon',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { service } = (await created.json()) as { service: { id: string } };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(
    new Date(Date.now() + 4 * 24 * 60 * 60 * 1000),
  );
  const slot = await provider.request.post('/api/availability', {
    data: { start: `${day}T09:00`, end: `${day}T17:00` },
  });
  expect(slot.status(), await slot.text()).toBe(201);
  await provider.close();

  await signUpByApi(page, 'early-checkout');
  const hydrate = await openBeforeHydration(page, `/checkout/${service.id}?date=${day}`);
  await page.getByLabel('Service Address').pressSequentially('Rua Augusta 1');
  await page.getByLabel('Special Requests (Optional)').pressSequentially('Ring twice');
  await hydrate();

  await expect(page.getByLabel('Service Address')).toHaveValue('Rua Augusta 1');
  await expect(page.getByLabel('Special Requests (Optional)')).toHaveValue('Ring twice');
  // Choosing a time renders the form again: the early values stay, and are booked with.
  await page
    .getByRole('group', { name: /^Times in Lisbon/ })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByLabel('Service Address')).toHaveValue('Rua Augusta 1');
  const sent = nextBody(page, 'POST', '/api/bookings');
  await page.getByRole('button', { name: 'Request to book' }).click();
  expect(await sent).toMatchObject({ serviceId: service.id, address: 'Rua Augusta 1', notes: 'Ring twice' });
  await expect(page).toHaveURL('/dashboard/traveler', SLOW);
});

import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { choosableDays } from './helpers';

/**
 * Discovery screens (docs/product.md): home, browse, service detail and provider profile, on the
 * production build with the demo data (playwright.config.ts starts it on a fresh database).
 */

const TRAVELER = { email: 'traveler@locora.test', password: 'locora-demo-2026' };
const SHOTS_DIR = path.join(tmpdir(), 'locora-discovery-shots');

interface ServiceSummary {
  id: string;
  title: string;
  photos: string[];
  provider: { userId: string; displayName: string };
}

async function featuredService(request: APIRequestContext, withPhotos = 1): Promise<ServiceSummary> {
  const res = await request.get('/api/services/featured');
  expect(res.ok()).toBe(true);
  const services = (await res.json()) as ServiceSummary[];
  const service = services.find((s) => s.photos.length >= withPhotos) ?? services[0];
  if (!service) throw new Error('The demo data has no featured services');
  return service;
}

async function signIn(page: Page) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(TRAVELER.email);
  await page.getByLabel('Password').fill(TRAVELER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

const resultCount = (page: Page) => page.getByTestId('result-count');
const cards = (page: Page) => page.getByTestId('service-card');

/** Only the service search, not /api/services/featured or /api/services/{id}. */
const isSearchRequest = (url: string) => new URL(url).pathname === '/api/services';

/**
 * Holds every search response until the test releases it, so a loading state can be asserted for
 * as long as the test needs instead of for as long as a delay happens to last.
 */
async function holdSearches(page: Page) {
  let open = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => (open = resolve));
  };
  hold();
  await page.route(
    (url) => isSearchRequest(url.href),
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return { hold, release: () => open() };
}

/** Whether the signed-in user's saved services, as the server holds them, include `serviceId`. */
async function savedOnServer(page: Page, serviceId: string): Promise<boolean> {
  const res = await page.request.get('/api/favorites');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }[]).some((s) => s.id === serviceId);
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

test.describe('server-rendered public pages', () => {
  test('show their content without JavaScript', async ({ browser, request }) => {
    const service = await featuredService(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('service-card')).toHaveCount(6);
    await page.goto('/browse?q=massage');
    await expect(page.getByTestId('result-count')).toHaveText(/^\d+ services found$/);
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    await page.goto(`/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${service.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in `));
    await page.goto(`/provider/${service.provider.userId}`);
    await expect(page.getByRole('heading', { level: 1, name: service.provider.displayName })).toBeVisible();
    await context.close();
  });

  test('hydrate without asking the API again, then navigate in the app', async ({ page, request }) => {
    const service = await featuredService(request);
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(req.url()).pathname);
    });
    for (const path of ['/', '/browse?q=yoga', `/service/${service.id}`, `/provider/${service.provider.userId}`]) {
      await page.goto(path);
      // The booking calendar knows its free days from the HTML.
      if (path.startsWith('/service/'))
        await expect(page.locator('[data-free-days]')).toHaveAttribute('data-free-days', 'known');
    }
    // Nothing the server rendered is asked for again, the calendar's free days included (the server
    // renders them for the month of the viewer's today, from the zone their browser told it).
    expect(apiCalls).toEqual([]);
    apiCalls.length = 0;
    // After hydration the app routes in the browser: a click fetches only what the next page needs.
    await page.getByRole('link', { name: 'Browse Services' }).first().click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByTestId('service-card').first()).toBeVisible();
    expect(apiCalls.every((p) => p === '/api/services' || p === '/api/categories')).toBe(true);
    expect(apiCalls).toContain('/api/services');
  });
});

test.describe('discovery', () => {
  test('search journey: hero search, filters, chips, empty state, service, provider', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Massage', exact: true })).toHaveAttribute(
      'href',
      '/browse?category=massage',
    );
    await expect(cards(page)).toHaveCount(6);

    // Hero search: q only (city empty is left out).
    await page.getByRole('textbox', { name: 'Service', exact: true }).fill('massage');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/browse\?q=massage$/);
    await expect(page).toHaveTitle('Browse services · Locora');
    await expect(resultCount(page)).toHaveText(/^\d+ services found$/);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('massage');

    // Category, rating and sort go to the address; chips appear.
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('massage');
    await expect(page).toHaveURL(/category=massage/);
    await expect(page.getByTestId('filter-chip-category')).toContainText('Massage');

    await page.getByRole('combobox', { name: 'Minimum rating' }).selectOption('4');
    await expect(page).toHaveURL(/minRating=4/);
    await expect(page.getByTestId('filter-chip-minRating')).toContainText('4+');

    // The cards are read once the sorted answer is on screen, not while the old page still shows.
    const sortedAnswer = page.waitForResponse(
      (res) => isSearchRequest(res.url()) && new URL(res.url()).searchParams.get('sortBy') === 'price-low',
    );
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low');
    await expect(page).toHaveURL(/sortBy=price-low/);
    const sortedIds = ((await (await sortedAnswer).json()) as { id: string }[]).map((s) => s.id);
    expect(sortedIds.length).toBeGreaterThan(0);
    await expect(resultCount(page)).toHaveText(/^\d+ services found$/);
    const shownIds = () =>
      cards(page)
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')?.split('/').pop()));
    await expect.poll(shownIds).toEqual(sortedIds);
    const prices = (await page.getByTestId('card-price').allTextContents()).map((text) =>
      Number(text.replace('$', '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Reload restores everything from the address.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue('massage');
    await expect(page.getByRole('combobox', { name: 'Minimum rating' })).toHaveValue('4');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-low');
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('massage');

    // Removing a chip drops its filter; Back brings it back.
    await page.getByRole('button', { name: 'Remove rating filter: 4+' }).click();
    await expect(page.getByTestId('filter-chip-minRating')).toHaveCount(0);
    await expect(page).not.toHaveURL(/minRating/);
    await expect(page.getByRole('combobox', { name: 'Minimum rating' })).toHaveValue('0');
    await page.goBack();
    await expect(page).toHaveURL(/minRating=4/);
    await expect(page.getByRole('combobox', { name: 'Minimum rating' })).toHaveValue('4');
    await page.goForward();
    await expect(page).not.toHaveURL(/minRating/);
    await expect(page.getByTestId('filter-chip-minRating')).toHaveCount(0);

    // Nonsense finds nothing; Clear Filters resets search, city, category and rating.
    await page.getByRole('combobox', { name: 'City' }).fill('Lisbon');
    await page.getByRole('searchbox', { name: 'Search services' }).fill('qzxv wqpl');
    // Both boxes settle at about the same time; neither change may be lost.
    await expect(page).toHaveURL(/city=Lisbon/);
    await expect(page).toHaveURL(/q=qzxv\+wqpl/);
    await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 services found');
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).not.toHaveURL(/[?&](q|city|category|minRating)=/);
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue('');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d*\+? services found$/);

    // Open a service, then its provider.
    const firstTitle = cards(page).first().getByRole('heading').getByRole('link');
    const title = (await firstTitle.textContent())?.trim() ?? '';
    await firstTitle.click();
    await expect(page).toHaveURL(/\/service\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Locora`);
    // The provider's measured response time, or New (decision 063).
    await expect(page.getByTestId('provider-response-time')).toHaveText(
      /^(New|Rarely responds|Responds within \d+ (minutes?|hours?|days?))$/,
    );
    await expect(page.getByText('Secure payment processing')).toBeVisible();
    // The cancellation policy before booking, as checkout states it.
    await expect(page.getByTestId('service-cancellation-policy')).toContainText('Cancellation policy: cancel at least');
    await expect(page.getByRole('button', { name: 'Book Now' })).toBeVisible();

    const providerLink = page.getByRole('link', { name: /Your provider/ });
    const providerName = (await page.getByTestId('provider-name').textContent())?.trim() ?? '';
    await providerLink.click();
    await expect(page).toHaveURL(/\/provider\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
    await expect(page).toHaveTitle(`${providerName} · Locora`);
    await expect(page.getByRole('heading', { name: /^Services \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  });

  test('a loading search says Searching... over six skeleton cards', async ({ page }) => {
    // The first page comes with its results; a search started in the app loads like this.
    await page.goto('/');
    const searches = await holdSearches(page);
    await page.getByRole('combobox', { name: 'City', exact: true }).fill('Tokyo');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/browse\?city=Tokyo$/);
    await expect(resultCount(page)).toHaveText('Searching...');
    await expect(page.getByTestId('service-card-skeleton')).toHaveCount(6);
    searches.release();
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services found$/);
    await expect(page.getByTestId('service-card-skeleton')).toHaveCount(0);
    const shown = await cards(page).count();
    expect(shown).toBeGreaterThan(0);

    // A new search keeps the old cards and says Searching... until it answers.
    searches.hold();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-high');
    await expect(resultCount(page)).toHaveText('Searching...');
    await expect(cards(page)).toHaveCount(shown);
    await expect(page.getByTestId('service-card-skeleton')).toHaveCount(0);
    searches.release();
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services found$/);
    await expect(page).toHaveURL(/sortBy=price-high/);
  });

  test('typing is debounced into one search and replaces the history entry', async ({ page }) => {
    // The page's clock is ours: while it stands still no debounce can fire, however slow the
    // machine types, and moving it on fires whatever timers the typing left behind.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.goto('/');
    await page.goto('/browse');
    await expect(resultCount(page)).toHaveText(/services found/);
    await page.clock.pauseAt(start + 60_000);
    const searches: string[] = [];
    page.on('request', (req) => {
      if (isSearchRequest(req.url())) searches.push(req.url());
    });
    const box = page.getByRole('searchbox', { name: 'Search services' });
    await box.pressSequentially('yoga');
    await expect(box).toHaveValue('yoga');
    // Nothing is committed while typing: the address and the search wait for the pause.
    await expect(page).toHaveURL(/\/browse$/);
    expect(searches).toEqual([]);
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/browse\?q=yoga$/);
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services found$/);
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!).searchParams.get('q')).toBe('yoga');
    // Every search parameter of the product is sent, with the full price range.
    const sent = new URL(searches[0]!).searchParams;
    expect(Object.fromEntries(sent)).toMatchObject({ minPrice: '0', maxPrice: '500', sortBy: 'recommended' });
    // Typing replaced the /browse entry instead of adding one per word: Back leaves the page.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  });

  test('typo and accent tolerant search', async ({ page }) => {
    await page.goto('/browse?q=masage');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services found$/);
    await expect(cards(page).first()).toContainText(/massage/i);

    await page.goto('/browse');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d*\+? services found$/);
    // The count before and after the city filter may read alike: wait for the filtered answer.
    const filtered = page.waitForResponse(
      (res) => isSearchRequest(res.url()) && new URL(res.url()).searchParams.get('city') === 'sao paulo',
    );
    await page.getByRole('combobox', { name: 'City' }).fill('sao paulo');
    await expect(page).toHaveURL(/city=sao\+paulo|city=sao%20paulo/);
    expect((await filtered).status()).toBe(200);
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services found$/);
    const cities = () => page.getByTestId('card-city').allTextContents();
    await expect.poll(async () => [...new Set((await cities()).map((c) => c.trim()))]).toEqual(['São Paulo']);
    await expect(page.getByTestId('filter-chip-city')).toContainText('sao paulo');
  });

  test('paging keeps the page in the address', async ({ page }) => {
    await page.goto('/browse');
    await expect(resultCount(page)).toHaveText(/services found/);
    const total = Number((await resultCount(page).textContent())?.match(/\d+/)?.[0]);
    // The demo data has 127 active services: more than one page, always.
    expect(total).toBeGreaterThan(24);
    await expect(cards(page)).toHaveCount(24);
    const firstOnPage1 = await cards(page).first().getByRole('heading').textContent();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstOnPage1 ?? '');
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstOnPage1 ?? '');
  });

  test('Back returns to where a filtered list was left', async ({ page }) => {
    await page.goto('/browse');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(cards(page)).toHaveCount(24);
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
    // A filter keeps the page where it is (a new history entry, no jump to the top)...
    await page.locator('#browse-sort').selectOption('price-low');
    await expect(page).toHaveURL(/sortBy=price-low/);
    expect(await page.evaluate(() => window.scrollY)).toBe(150);
    // ...and Back from a service comes back to that place, not to where the service page was.
    await cards(page).first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/service\//);
    // Wait for the service page itself: the address changes before it has rendered, and a scroll
    // made on the list is undone by the new page's scroll to the top.
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Browse services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
    await page.goBack();
    await expect(page).toHaveURL(/sortBy=price-low/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  });

  test('a capped total reads as a floor', async ({ page }) => {
    await page.route(
      (url) => isSearchRequest(url.href),
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: { ...response.headers(), 'x-total-count': '1000', 'x-total-count-capped': 'true' },
        });
      },
    );
    await page.goto('/browse');
    // The server-rendered first page knows the real total; the next search gets the capped one.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-high');
    await expect(resultCount(page)).toHaveText('1,000+ services found');
    await expect(page.getByRole('link', { name: 'Next' })).toBeVisible();
  });

  test('service page: carousel, calendar and Book Now signed out', async ({ page, request }) => {
    const service = await featuredService(request, 2);
    await page.goto(`/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();

    // Carousel: next/previous and dots.
    const carousel = page.getByRole('region', { name: `Photos of ${service.title}` });
    const count = service.photos.length;
    await expect(carousel.getByRole('button', { name: 'Show photo 1' })).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expect(carousel.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expect(carousel.getByRole('button', { name: `Show photo ${count}` })).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Show photo 1' }).click();
    await expect(carousel.getByRole('img', { name: `${service.title}, photo 1 of ${count}` })).toBeVisible();

    // Calendar: past days are disabled; keyboard moves and chooses.
    const grid = page.getByRole('grid', { name: /Booking date/ });
    await grid.getByRole('button', { name: /, today$/ }).focus();
    const today = new Date();
    if (today.getDate() > 1) {
      const yesterday = grid.getByRole('button', { name: /\d/ }).nth(today.getDate() - 2);
      await expect(yesterday).toHaveAttribute('aria-disabled', 'true');
    }
    await page.keyboard.press('ArrowDown');
    await expect(grid.locator('button[tabindex="0"]')).toBeFocused();
    // Only days with a free time can be chosen (decision 020): once they are known, the keyboard goes
    // to the first one and chooses it.
    await expect(page.locator('[data-free-days]:not([data-free-days="loading"])')).toHaveCount(1);
    const freeDay = grid.locator('button:not([aria-disabled="true"])').first();
    await freeDay.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(freeDay).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(grid.locator('td[aria-selected="true"]')).toHaveCount(1);
    await expect(page.getByText(/^Selected: /)).toBeVisible();

    // Signed out, Book Now goes to sign in, which says why and knows the way back (decision 016).
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=[^&]+&reason=book$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to book this service' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('the heart sends signed-out visitors to sign in', async ({ page, request }) => {
    const service = await featuredService(request);
    let favoritesCalls = 0;
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/favorites')) favoritesCalls += 1;
    });
    await page.goto(`/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await page.getByRole('button', { name: 'Save service' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=[^&]+&reason=save$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to save this service' })).toBeVisible();
    expect(favoritesCalls).toBe(0);
  });

  test('signed in: saving a service persists, and Book Now goes to checkout with the date', async ({
    page,
    request,
  }) => {
    const service = await featuredService(request);
    await signIn(page);
    const wasSaved = await savedOnServer(page, service.id);
    await page.goto(`/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();

    // The heart shows what the server holds, flips on a click, and the server follows.
    const heart = page.getByRole('button', { name: /^(Save service|Remove from saved)$/ });
    await expect(heart).toHaveAttribute('aria-pressed', String(wasSaved));

    const toggle = async (save: boolean) => {
      const response = page.waitForResponse(
        (res) =>
          new URL(res.url()).pathname === `/api/favorites/${service.id}` &&
          res.request().method() === (save ? 'POST' : 'DELETE'),
      );
      await heart.click();
      // Optimistic: the button changes before the server answers.
      await expect(heart).toHaveAttribute('aria-pressed', String(save));
      await expect(heart).toHaveAccessibleName(save ? 'Remove from saved' : 'Save service');
      expect((await response).status()).toBe(200);
      expect(await savedOnServer(page, service.id)).toBe(save);
    };

    await toggle(!wasSaved);
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', String(!wasSaved));

    // The card on the browse page agrees.
    await page.goto(`/provider/${service.provider.userId}`);
    const card = cards(page).filter({ hasText: service.title });
    await expect(card.getByRole('button', { name: /^(Save service|Remove from saved)$/ })).toHaveAttribute(
      'aria-pressed',
      String(!wasSaved),
    );

    await page.goto(`/service/${service.id}`);
    await expect(heart).toHaveAttribute('aria-pressed', String(!wasSaved));
    await toggle(wasSaved);

    // Book Now with a chosen date.
    const grid = page.getByRole('grid', { name: /Booking date/ });
    // The last day with a free time in the month shown (only those can be chosen).
    const freeDay = (await choosableDays(page, grid)).last();
    const dayOfMonth = /, \w+ (\d{1,2}), \d{4}/.exec((await freeDay.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await freeDay.click();
    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${service.id}\\?date=`));
    // A calendar date, yyyy-MM-dd (decision 009); e2e/time-zones.spec.ts checks it far from UTC.
    expect(new URL(page.url()).searchParams.get('date')).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-${dayOfMonth.padStart(2, '0')}$`),
    );
  });

  test('a failed save is rolled back with an error toast', async ({ page, request }) => {
    const service = await featuredService(request);
    await signIn(page);
    const wasSaved = await savedOnServer(page, service.id);
    // The page is rendered with the traveler's saved services: the heart is right at once.
    await page.goto(`/service/${service.id}`);
    const heart = page.getByRole('button', { name: /^(Save service|Remove from saved)$/ });
    await expect(heart).toHaveAttribute('aria-pressed', String(wasSaved));
    await page.route(`**/api/favorites/${service.id}`, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await heart.click();
    await expect(page.getByText('Could not update saved services').first()).toBeVisible();
    await expect(page.getByText('Please try again.').first()).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', String(wasSaved));
    expect(await savedOnServer(page, service.id)).toBe(wasSaved);
  });

  test('a photo that fails to load is replaced by a fallback picture', async ({ page, request }) => {
    const service = await featuredService(request);
    const broken = service.photos[0]!;
    await page.route(
      (url) => url.pathname === broken,
      (route) => route.fulfill({ status: 404, body: '' }),
    );
    await page.goto(`/service/${service.id}`);
    const image = page
      .getByRole('region', { name: `Photos of ${service.title}` })
      .getByRole('img')
      .first();
    await expect(image).toHaveAttribute('src', /^\/media\/(services\/[a-z-]+\/1\.svg|placeholder\.svg)$/);
    await expect(image).not.toHaveAttribute('src', broken);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('missing service and provider show the 404 page', async ({ page }) => {
    await page.goto('/service/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.goto('/provider/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  /** A day of the coming two weeks on which some demo service has a free start (yyyy-MM-dd). */
  async function dayWithFreeStarts(request: APIRequestContext): Promise<string> {
    for (let days = 2; days < 16; days++) {
      const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const res = await request.get(`/api/services?date=${date}&pageSize=1`);
      expect(res.ok()).toBe(true);
      if (Number(res.headers()['x-total-count']) > 0) return date;
    }
    throw new Error('The demo data has no free start in the coming two weeks');
  }

  test('a booking page lists special requests under their own heading, and the cancellation policy once', async ({
    page,
  }) => {
    await signIn(page);
    type Listed = { id: string; notes: string | null };
    const lists = await Promise.all(
      ['upcoming', 'past'].map(async (status) => {
        const res = await page.request.get(`/api/bookings?status=${status}`);
        expect(res.ok()).toBe(true);
        return (await res.json()) as Listed[];
      }),
    );
    const booking = lists.flat().find((b) => b.notes);
    if (!booking?.notes) throw new Error('The demo traveler has no booking with special requests');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/dashboard/traveler/bookings/${booking.id}`);
      const requests = page.getByRole('heading', { name: 'Special requests' });
      await expect(requests).toBeVisible();
      await expect(page.getByTestId('booking-special-requests')).toHaveText(booking.notes.trim());
      // Not under Where any more.
      await expect(page.getByTestId('booking-where').getByText(/Special requests/)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Cancellation policy' })).toBeVisible();
      await expect(page.getByTestId('cancellation-policy')).not.toContainText('Cancellation policy:');
    }
  });

  for (const width of [1280, 375]) {
    test(`searches as people type them, and Available on… (${width} px)`, async ({ page, request }) => {
      test.slow();
      await page.setViewportSize({ width, height: 900 });
      const isPhone = width < 640;

      // "near me" without a city asks for one, with the city box; choosing one shows its services.
      await page.goto('/browse?q=tour+near+me');
      const prompt = page.getByTestId('near-me-prompt');
      await expect(prompt.getByRole('heading', { name: 'Which city are you in?' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No services found' })).toHaveCount(0);
      await prompt.getByRole('combobox').fill('Lisbon');
      await prompt.getByRole('button', { name: 'Show services' }).click();
      await expect(page).toHaveURL(/city=Lisbon/);
      await expect(prompt).toHaveCount(0);
      await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
      await expect(cards(page).first()).toContainText('Lisbon');

      // A category in Portuguese, a place after "em": the city goes into the City box.
      await page.goto('/browse?q=massagem+em+Lisboa');
      await expect(page).toHaveURL(/city=Lisbon/);
      await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
      await expect(page.getByTestId('filter-chip-city')).toContainText('Lisbon');
      if (!isPhone) await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Lisbon');

      // A time word narrows to free starts then, and says so under the count.
      await page.goto('/browse?q=massage+tomorrow');
      await expect(page.getByTestId('search-when')).toHaveText(
        'With a free start tomorrow, in each provider’s local time',
      );
      await expect(resultCount(page)).toHaveText(/services? found$/);

      // "Available on…": a date picker by keyboard, in the address, with a chip; the count narrows.
      const date = await dayWithFreeStarts(request);
      await page.goto('/browse');
      await expect(resultCount(page)).toHaveText(/services found/);
      const all = (await resultCount(page).textContent()) ?? '';
      if (isPhone) await page.getByRole('button', { name: /^Filters/ }).click();
      // On a phone the filters are in a sheet (the desktop copy of the form is hidden).
      const dateBox = (isPhone ? page.getByRole('dialog') : page).getByLabel('Available on…');
      await dateBox.focus();
      await expect(dateBox).toBeFocused();
      await dateBox.fill(date);
      await expect(page).toHaveURL(new RegExp(`date=${date}`));
      if (isPhone) await page.getByRole('button', { name: 'Show results' }).click();
      await expect(page.getByTestId('filter-chip-date')).toContainText('Available on');
      await expect(resultCount(page)).toHaveText(/^[1-9][\d,]*\+? services? found$/);
      await expect(resultCount(page)).not.toHaveText(all);
      // The link can be shared: reloading keeps the day.
      await page.reload();
      await expect(page.getByTestId('filter-chip-date')).toBeVisible();
      if (!isPhone) await expect(page.getByLabel('Available on…')).toHaveValue(date);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      // Removing the chip drops the day.
      await page.getByRole('button', { name: /^Remove available on filter/ }).click();
      await expect(page).not.toHaveURL(/date=/);
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`no serious accessibility violations and no sideways scroll at 375 px (${theme})`, async ({
      page,
      request,
    }) => {
      // Five screens checked by axe at two widths: three times the default budget.
      test.slow();
      const service = await featuredService(request, 2);
      await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      const screens = [
        { name: 'home', path: '/', ready: () => expect(cards(page)).toHaveCount(6) },
        {
          name: 'browse',
          path: '/browse?category=massage&minRating=4',
          ready: () => expect(resultCount(page)).toHaveText(/services found/),
        },
        {
          name: 'browse-near-me',
          path: '/browse?q=tour+near+me',
          ready: () => expect(page.getByRole('heading', { name: 'Which city are you in?' })).toBeVisible(),
        },
        {
          name: 'service',
          path: `/service/${service.id}`,
          ready: () => expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible(),
        },
        {
          name: 'provider',
          path: `/provider/${service.provider.userId}`,
          ready: () => expect(page.getByRole('heading', { name: /^Reviews \(\d+\)$/ })).toBeVisible(),
        },
      ];
      if (theme === 'dark') mkdirSync(SHOTS_DIR, { recursive: true });

      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        for (const screen of screens) {
          await page.goto(screen.path);
          await screen.ready();
          await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
          await expectNoSeriousViolations(page, `${screen.name} at ${width} px (${theme})`);
          if (width === 375) {
            const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
            expect(scrollWidth, `${screen.name} scroll width`).toBeLessThanOrEqual(375);
          }
          if (theme === 'dark') {
            await page.screenshot({ path: path.join(SHOTS_DIR, `${screen.name}-${width}.png`), fullPage: true });
          }
        }
      }
    });
  }
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { choosableDays } from './helpers';

/**
 * Decision 016: places people type (the city box's suggestions, aliases, areas,
 * "Did you mean"), never losing the user's place across sign-in, and browse on a phone.
 */

const TRAVELER = { email: 'traveler@locora.test', password: 'locora-demo-2026' };

async function featuredService(request: APIRequestContext) {
  const res = await request.get('/api/services/featured');
  expect(res.ok()).toBe(true);
  const [service] = (await res.json()) as { id: string; title: string }[];
  if (!service) throw new Error('The demo data has no featured services');
  return service;
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

async function signInHere(page: Page) {
  await page.getByLabel('Email').fill(TRAVELER.email);
  await page.getByLabel('Password').fill(TRAVELER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const resultCount = (page: Page) => page.getByTestId('result-count');

// Signing in hashes a password and loads the next page: on a busy machine that can take longer
// than the default 10 s, so the steps after it wait longer.
const AFTER_SIGN_IN = { timeout: 30_000 };
test.describe.configure({ timeout: 180_000 });

test.describe('the city box', () => {
  test('suggests cities by area as you type, chosen with the keyboard', async ({ page }) => {
    await page.goto('/browse');
    const city = page.getByRole('combobox', { name: 'City' });
    await expect(city).toHaveAttribute('aria-expanded', 'false');
    await city.pressSequentially('ubu');
    const list = page.getByRole('listbox', { name: 'Cities' });
    await expect(list).toBeVisible();
    await expect(city).toHaveAttribute('aria-expanded', 'true');
    const option = list.getByRole('option', { name: /Bali.*Ubud.*\d+ services?/ });
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(city).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
    await expectNoSeriousViolations(page, 'browse with the city list open');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(city).toHaveValue('Bali');
    await expect(page).toHaveURL(/city=Bali/);
    await expect(resultCount(page)).toHaveText(/^\d+ services? found$/);
    for (const text of await page.getByTestId('card-city').allTextContents()) expect(text).toContain('Bali');

    // Escape closes the list and keeps the text.
    await city.fill('');
    await city.pressSequentially('lis');
    await expect(list.getByRole('option', { name: /Lisbon/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(city).toHaveAttribute('aria-expanded', 'false');
    await expect(city).toHaveValue('lis');
  });

  test('on home, an alias becomes its city and the search goes there', async ({ page }) => {
    await page.goto('/');
    const city = page.getByRole('combobox', { name: 'City', exact: true });
    await city.pressSequentially('nyc');
    const option = page.getByRole('option', { name: /New York.*NYC/ });
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(city).toHaveValue('New York');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/browse\?city=New\+York$/);
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
  });

  test('a typed area finds its city, and an unknown place offers "Did you mean" and the cities', async ({ page }) => {
    await page.goto('/browse?city=Shibuya');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
    for (const text of await page.getByTestId('card-city').allTextContents()) expect(text).toContain('Tokyo');

    await page.goto('/browse?city=Tokoy');
    await expect(page.getByRole('heading', { name: 'No services found' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('0 services found');
    const help = page.getByTestId('place-help');
    await expect(help).toContainText('Did you mean Tokyo?');
    await expect(page.getByRole('list', { name: 'Cities on Locora' }).getByRole('button')).toHaveCount(8);
    await expectNoSeriousViolations(page, 'browse empty state with place help');
    await help.getByRole('button', { name: 'Tokyo', exact: true }).first().click();
    await expect(page).toHaveURL(/city=Tokyo/);
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
  });
});

test.describe('never losing the place', () => {
  test('Book Now signed out: sign in says why, then lands on checkout with the date chosen', async ({
    page,
    request,
  }) => {
    const service = await featuredService(request);
    await page.goto(`/service/${service.id}`);
    const grid = page.getByRole('grid');
    // The last day of the month shown that can be chosen, once the free days are known (only days with a free time can be chosen).
    const day = (await choosableDays(page, grid)).last();
    await day.click();
    const selected = page.getByText(/^Selected: /);
    await expect(selected).toBeVisible();
    const chosenName = await grid.locator('[data-selected]').getAttribute('aria-label');

    await page.getByRole('button', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=.+&reason=book$/);
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next).toMatch(new RegExp(`^/checkout/${service.id}\\?date=\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to book this service' })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign in with a reason');
    await signInHere(page);
    // Straight to checkout (decision 035), with the day chosen on the service page.
    await expect(page).toHaveURL(next, AFTER_SIGN_IN);
    await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
    await expect(page.getByRole('grid', { name: /Booking date/ }).locator('[data-selected]')).toHaveAttribute(
      'aria-label',
      chosenName ?? '',
    );
  });

  test('the heart signed out: sign in, then back on the same page', async ({ page }) => {
    await page.goto('/browse?city=Lisbon&category=massage');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
    await page.getByRole('button', { name: 'Save service' }).first().click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=.+&reason=save$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to save this service' })).toBeVisible();
    // Sign up from here keeps the way back too.
    await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', /next=/);
    await signInHere(page);
    await expect(page).toHaveURL(/\/browse\?city=Lisbon&category=massage$/, AFTER_SIGN_IN);
  });

  test('a signed-in screen asked for signed out comes back after sign in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await signInHere(page);
    await expect(page).toHaveURL(/\/settings$/, AFTER_SIGN_IN);
  });

  for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
    test(`a hostile next is ignored: ${hostile}`, async ({ page }) => {
      await page.goto(`/auth/signin?next=${encodeURIComponent(hostile)}&reason=${encodeURIComponent('<b>hi</b>')}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
      await signInHere(page);
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/, AFTER_SIGN_IN);
      await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible(AFTER_SIGN_IN);
    });
  }
});

test.describe('browse on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the filters wait in a "Filters (n)" sheet and a result is on the first screen', async ({ page }) => {
    await page.goto('/browse?city=Lisbon&minRating=4');
    await expect(resultCount(page)).toHaveText(/^[1-9]\d* services? found$/);
    const open = page.getByRole('button', { name: 'Filters (2)' });
    await expect(open).toBeVisible();
    const card = page.getByTestId('service-card').first();
    await expect(card).toBeInViewport();
    const box = await card.boundingBox();
    expect(box && box.y + 120).toBeLessThan(844);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page, 'browse on a phone');

    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('combobox', { name: 'City' })).toHaveValue('Lisbon');
    await expectNoSeriousViolations(page, 'the filter sheet');
    await sheet.getByRole('combobox', { name: 'Category' }).selectOption('massage');
    await expect(page).toHaveURL(/category=massage/);
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
  });
});

/** Decision 041: a place named in the search box narrows by place; counts are exact. */
test.describe('searches as people type them', () => {
  const cards = (page: Page) => page.getByTestId('service-card');
  const shownTitles = async (page: Page) => (await cards(page).getByRole('heading').allTextContents()).sort();
  const LISBON_MASSAGE = [
    'Couples Massage in Your Room',
    'Prenatal Massage',
    'Reflexology Foot Treatment',
    'Swedish Relaxation Massage',
  ];
  const BALI_YOGA = [
    'Jungle Deck Vinyasa in Ubud',
    'Sunrise Flow Outdoors',
    'Yin Yoga and Sound Bath',
    'Yoga for Jet Lag and Better Sleep',
  ];

  /** Types `q` in browse's search box and presses Enter; waits for the answer on screen. */
  async function search(page: Page, q: string) {
    const answer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/services' && new URL(res.url()).searchParams.get('q') === q,
    );
    const box = page.getByRole('searchbox', { name: 'Search services' });
    await box.fill(q);
    await box.press('Enter');
    await answer;
    await expect(resultCount(page)).toHaveText(/services? found$/);
  }

  test('a place in the search box narrows like the city box: "massage in Lisbon", "yoga in Bali", "NYC"', async ({
    page,
  }) => {
    // "NYC" in the search box finds what the City box finds for New York.
    await page.goto('/browse?city=New%20York');
    await expect(resultCount(page)).toHaveText(/^\d+ services found$/);
    const newYork = (await resultCount(page).textContent()) ?? '';
    expect(Number(newYork.split(' ')[0])).toBeGreaterThan(10);

    await page.goto('/browse?q=massage&city=Lisbon');
    await expect(resultCount(page)).toHaveText('4 services found');
    expect(await shownTitles(page)).toEqual(LISBON_MASSAGE);

    await page.goto('/browse');
    await expect(cards(page).first()).toBeVisible();
    for (const q of ['massage in Lisbon', 'massage Lisbon', 'Lisbon massage']) {
      await search(page, q);
      await expect(resultCount(page), q).toHaveText('4 services found');
      expect(await shownTitles(page), q).toEqual(LISBON_MASSAGE);
    }

    await search(page, 'yoga in Bali');
    await expect(resultCount(page)).toHaveText('4 services found');
    expect(await shownTitles(page)).toEqual(BALI_YOGA);
    await search(page, 'yoga near Ubud');
    expect(await shownTitles(page)).toEqual(BALI_YOGA);

    await search(page, 'NYC');
    await expect(resultCount(page)).toHaveText(newYork);
    for (const text of await page.getByTestId('card-city').allTextContents()) expect(text).toContain('New York');
    await search(page, 'massage in São Paulo');
    const accented = await shownTitles(page);
    expect(accented).toContain('Prenatal Massage in São Paulo');
    await search(page, 'massage in sao paulo');
    expect(await shownTitles(page)).toEqual(accented);
  });

  test('the count is exact on the first page and the last', async ({ page }) => {
    await page.goto('/browse');
    await expect(resultCount(page)).toHaveText(/^\d+ services found$/);
    const first = await resultCount(page).textContent();
    const total = Number(first?.split(' ')[0]);
    expect(total).toBeGreaterThan(100);
    const pages = page.getByRole('navigation', { name: 'Pagination' });
    const lastPage = Math.ceil(total / (await cards(page).count()));
    await pages.getByRole('link', { name: `Page ${lastPage}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}`));
    await expect(resultCount(page)).toHaveText(first ?? '');
    await expect(pages.getByRole('link', { name: 'Next' })).toHaveCount(0);
  });

  test('Back steps from search to search: home, "massage", "massage" in Bangkok', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Service', exact: true }).fill('massage');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/browse\?q=massage$/);
    await expect(resultCount(page)).toHaveText(/^\d+ services found$/);
    const massageCount = await resultCount(page).textContent();

    // Typing pauses in the city box (each pause updates the address), then a city is chosen.
    const city = page.getByRole('combobox', { name: 'City' });
    await city.pressSequentially('Bang', { delay: 50 });
    await expect(page).toHaveURL(/city=Bang/);
    await city.pressSequentially('kok', { delay: 50 });
    await page
      .getByRole('listbox', { name: 'Cities' })
      .getByRole('option', { name: /Bangkok/ })
      .click();
    await expect(page).toHaveURL(/\/browse\?q=massage&city=Bangkok$/);
    await expect(resultCount(page)).toHaveText('4 services found');
    for (const text of await page.getByTestId('card-city').allTextContents()) expect(text).toContain('Bangkok');

    await page.goBack();
    await expect(page).toHaveURL(/\/browse\?q=massage$/);
    await expect(city).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search services' })).toHaveValue('massage');
    await expect(resultCount(page)).toHaveText(massageCount ?? '');

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  });
});

import { expect, test, type Page } from './fixtures';
import { DEMO } from './helpers';

/**
 * Every route of the app, opened in Japanese and in Brazilian Portuguese by the person it is for:
 * each page is rendered on the server in that language (`<html lang>`), hydrates without a console
 * error (the fixture fails on any, a hydration mismatch or a message missing from the loaded
 * catalogs among them), and its own heading is not the English one.
 */

type Who = 'guest' | keyof typeof DEMO;
type Route = { who: Who; path: string; heading?: 'h1' | 'h2' };

async function ids(page: Page) {
  const services = await page.request.get('/api/services/featured');
  const [service] = (await services.json()) as { id: string; provider: { userId: string } }[];
  return { serviceId: service!.id, providerId: service!.provider.userId };
}

async function signInAs(page: Page, who: Who) {
  await page.context().clearCookies();
  if (who === 'guest') return;
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO[who].email, password: DEMO[who].password },
  });
  expect(login.ok(), `${who} signs in`).toBe(true);
}

/** The heading a reader sees first: the page's h1, or for pages titled by user content its first h2. */
async function headingOf(page: Page, level: 'h1' | 'h2') {
  const heading = page.getByRole('main').locator(level).first();
  await expect(heading).toBeVisible();
  return (await heading.innerText()).trim();
}

async function routes(page: Page): Promise<Route[]> {
  const { serviceId, providerId } = await ids(page);
  await signInAs(page, 'traveler');
  const bookings = (await (await page.request.get('/api/bookings')).json()) as { id: string }[];
  expect(bookings.length, 'the demo traveler has bookings').toBeGreaterThan(0);
  return [
    { who: 'guest', path: '/' },
    { who: 'guest', path: '/browse?q=massage' },
    { who: 'guest', path: `/service/${serviceId}`, heading: 'h2' },
    { who: 'guest', path: `/provider/${providerId}`, heading: 'h2' },
    { who: 'guest', path: '/auth/signin' },
    { who: 'guest', path: '/auth/signup' },
    { who: 'guest', path: '/auth/forgot-password' },
    { who: 'guest', path: '/auth/reset-password?token=not-a-real-token' },
    { who: 'guest', path: '/no-such-page' },
    { who: 'traveler', path: '/settings' },
    { who: 'traveler', path: '/dashboard/traveler' },
    { who: 'traveler', path: `/dashboard/traveler/bookings/${bookings[0]!.id}`, heading: 'h2' },
    { who: 'traveler', path: '/messages' },
    { who: 'traveler', path: `/checkout/${serviceId}` },
    ...['services', 'bookings', 'availability', 'profile', 'payouts'].map((tab): Route => ({
      who: 'provider',
      path: `/dashboard/provider?tab=${tab}`,
      heading: 'h2',
    })),
    ...['', '/providers', '/services', '/categories', '/reports', '/disputes', '/payments'].map((page): Route => ({
      who: 'admin',
      path: `/admin${page}`,
    })),
  ];
}

for (const locale of ['ja', 'pt-BR'] as const) {
  test(`every route in ${locale}, for the person it is for: rendered in ${locale}, hydrated without an error`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    let signedInAs: Who | undefined;
    for (const route of await routes(page)) {
      if (route.who !== signedInAs) {
        await signInAs(page, route.who);
        signedInAs = route.who;
      }
      const level = route.heading ?? 'h1';
      await page.goto(route.path);
      const english = await headingOf(page, level);

      await page.goto(`/${locale}${route.path}`);
      await expect(page.locator('html'), route.path).toHaveAttribute('lang', locale);
      const translated = await headingOf(page, level);
      expect.soft(translated, `${locale}${route.path}: its ${level} is translated`).not.toBe(english);
      if (locale === 'ja') expect.soft(translated, `${locale}${route.path}`).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });
}

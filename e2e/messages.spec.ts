import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/*
 * Decision 017: two people talking at /messages in real time (two browser contexts, one per person),
 * the header's unread badge, the empty states, the phone layout and axe.
 */

/** Signs in through the API (the sign-in page has its own journeys): the context keeps the cookie. */
async function signIn(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

async function signedInContext(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who.email, who.password);
  return { context, page };
}

async function unreadCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/messages/unread-count');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

const badge = (page: Page) => page.getByRole('banner').getByTestId('unread-badge');

/** The conversation the demo traveler and the demo provider share (the upcoming dinner party). */
async function sharedBookingId(page: Page): Promise<string> {
  const res = await page.request.get('/api/bookings/with-messages');
  const list = (await res.json()) as { id: string; service: { title: string }; booking: { status: string } }[];
  const shared = list.find((c) => c.service.title === 'Italian Dinner Party for Up to 8');
  expect(shared, 'the demo traveler and provider share a conversation').toBeTruthy();
  return shared!.id;
}

// Two browsers signing in and loading pages side by side, on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('messages between two people', () => {
  let traveler: { context: BrowserContext; page: Page };
  let provider: { context: BrowserContext; page: Page };

  test.afterEach(async () => {
    await traveler?.context.close();
    await provider?.context.close();
  });

  test('one sends, the other sees it appear and the unread badge change, without reload', async ({ browser }) => {
    traveler = await signedInContext(browser, DEMO.traveler);
    provider = await signedInContext(browser, DEMO.provider);
    const bookingId = await sharedBookingId(traveler.page);

    await provider.page.goto(`/messages?booking=${bookingId}`);
    await expect(provider.page.getByRole('heading', { name: 'Tess Traveler' })).toBeVisible();
    await traveler.page.goto(`/messages?booking=${bookingId}`);
    const thread = traveler.page.getByRole('region', { name: /Conversation with/ });
    await expect(thread.getByText('Italian Dinner Party for Up to 8')).toBeVisible();
    await expect(thread.getByText('Pending')).toBeVisible();

    // Shift+Enter makes a new line; Enter sends. The send button is off for blank text.
    const box = traveler.page.getByLabel('Message', { exact: true });
    const send = traveler.page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    const hello = `Hello Paolo, see you soon (${Date.now().toString(36)})`;
    await box.fill(hello);
    await box.press('Shift+Enter');
    await box.pressSequentially('Ciao!');
    await expect(box).toHaveValue(`${hello}\nCiao!`);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(thread.locator('[data-own="true"]').filter({ hasText: hello })).toBeVisible();

    // The provider's open thread shows it, on the left, without reload.
    const seen = provider.page.locator('[data-own="false"]').filter({ hasText: hello });
    await expect(seen).toBeVisible();
    await expect(seen).toContainText('Ciao!');

    // The traveler leaves the thread; the provider answers; the traveler's badge goes up live.
    await traveler.page.goto('/');
    const before = await unreadCount(traveler.page);
    if (before > 0) await expect(badge(traveler.page)).toHaveText(String(before));
    else await expect(badge(traveler.page)).toHaveCount(0);
    const answer = `Grazie Tess! (${Date.now().toString(36)})`;
    await provider.page.getByLabel('Message', { exact: true }).fill(answer);
    await provider.page.getByRole('button', { name: 'Send' }).click();
    await expect(badge(traveler.page)).toHaveText(String(before + 1));
    await expect(traveler.page.getByRole('banner').getByRole('link', { name: /Messages/ })).toHaveAccessibleName(
      new RegExp(`^Messages\\W+${before + 1} unread$`),
    );

    // Reading the thread (client-side navigation) brings it back down.
    await traveler.page
      .getByRole('banner')
      .getByRole('link', { name: /Messages/ })
      .click();
    await traveler.page
      .getByRole('link', { name: /Paolo Rossi Italian Dinner Party/ })
      .first()
      .click();
    await expect(traveler.page.locator('[data-own="false"]').filter({ hasText: answer })).toBeVisible();
    if (before > 0) await expect(badge(traveler.page)).toHaveText(String(before));
    else await expect(badge(traveler.page)).toHaveCount(0);

    await expectNoSeriousA11yViolations(traveler.page, '/messages (thread)');
    await traveler.page.getByRole('button', { name: 'Toggle theme' }).click();
    await expectNoSeriousA11yViolations(traveler.page, '/messages (thread, other theme)');
  });

  test('a failed send keeps the text and says so', async ({ browser }) => {
    traveler = await signedInContext(browser, DEMO.traveler);
    provider = await signedInContext(browser, DEMO.provider);
    const bookingId = await sharedBookingId(traveler.page);
    await traveler.page.goto(`/messages?booking=${bookingId}`);
    await traveler.page.route(`**/api/bookings/${bookingId}/messages`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    const box = traveler.page.getByLabel('Message', { exact: true });
    await box.fill('This one will fail');
    await box.press('Enter');
    await expect(traveler.page.getByText('Failed to send message', { exact: true })).toBeVisible();
    await expect(traveler.page.getByText('Please try again.', { exact: true })).toBeVisible();
    await expect(box).toHaveValue('This one will fail');
  });
});

test('the empty states', async ({ page }) => {
  const res = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('no-messages'), password: 'correct horse battery', name: 'Nora New', role: 'TRAVELER' },
  });
  expect(res.status()).toBe(201);
  await page.goto('/messages');
  await expect(page.getByText('No conversations yet')).toBeVisible();
  const browse = page.getByRole('main').getByRole('link', { name: 'Browse Services' });
  await expect(browse).toHaveAttribute('href', '/browse');
  await expectNoSeriousA11yViolations(page, '/messages (no conversations)');
  await browse.click();
  await expect(page).toHaveURL(/\/browse/);

  // Signed out: to sign in.
  await page.context().clearCookies();
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('a booking that is not one of yours selects nothing', async ({ page }) => {
  await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
  await page.goto('/messages?booking=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Select a conversation to start messaging')).toBeVisible();
});

test('on a phone, the list and the thread are two screens', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  try {
    await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
    // Reading a thread marks it read: the list alone must not open one behind the user's back.
    const threadReads: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/bookings\/[^/]+\/messages/.test(request.url())) threadReads.push(request.url());
    });
    await page.goto('/messages');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toBeHidden();
    await page.waitForLoadState('networkidle');
    expect(threadReads).toEqual([]);
    await expectNoHorizontalScroll(page, '/messages on a phone (list)');
    await list
      .getByRole('link', { name: /Italian Dinner Party/ })
      .first()
      .click();
    await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
    await expect(list).toBeHidden();
    // The thread has the whole screen: a compact header at the top, the message box at the bottom,
    // and no site footer under it.
    const header = await page.getByTestId('thread-header').boundingBox();
    expect(header!.y).toBeLessThan(2);
    expect(header!.height).toBeLessThan(812 * 0.2);
    const box = await page.getByLabel('Message', { exact: true }).boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(812 - 80);
    const onTop = await page.evaluate(() =>
      [4, 406, 808].map((y) => Boolean(document.elementFromPoint(187, y)?.closest('[data-testid="messages-frame"]'))),
    );
    expect(onTop).toEqual([true, true, true]);
    // The rest of the booking opens on demand.
    const details = page.getByRole('button', { name: 'Booking details' });
    if (await details.count()) {
      await details.click();
      await expect(page.getByRole('button', { name: 'Hide booking details' })).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('button', { name: 'Hide booking details' }).click();
    }
    await expectNoHorizontalScroll(page, '/messages on a phone (thread)');
    await expectNoSeriousA11yViolations(page, '/messages on a phone (thread)');
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(list).toBeVisible();
    // The phone menu carries the Messages link too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: /^Messages/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('message emails can be turned off in settings', async ({ page }) => {
  const res = await page.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('emails-off'),
      password: 'correct horse battery',
      name: 'Quiet Quinn',
      role: 'TRAVELER',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/settings');
  // A click before hydration is lost: the server-rendered checkbox has no handler yet.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const box = page.getByRole('checkbox', { name: 'Email me about messages I have not read' });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByText('Message emails off', { exact: true })).toBeVisible();
  await page.reload();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('checkbox', { name: 'Email me about messages I have not read' })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, '/settings with the message email choice');
});

import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signIn } from './helpers';

/**
 * What a QA pass over the dashboards, admin and messages found broken, kept fixed: on a phone every
 * admin link is on screen, and every dashboard tab scrolls fully into view in its one row; a long unbroken word
 * in a message, a review or a category icon name never widens the page or pushes controls away;
 * an admin is not offered to become a provider.
 */

const PHONE = { width: 375, height: 812 };

/** The element lies wholly inside the viewport's width. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page['locator']>, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('on a phone, every provider dashboard tab and every admin link is on screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO.provider.email, DEMO.provider.password);
  await page.goto('/dashboard/provider');
  // The five tabs are one row that scrolls sideways (not three wrapped rows): each one scrolls
  // fully into view, and the page itself never scrolls sideways.
  const tops = new Set<number>();
  for (const name of ['Services', 'Booking Requests', 'Availability', 'Profile', 'Payouts']) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.scrollIntoViewIfNeeded();
    await expectWithinWidth(page, tab, `tab ${name}`);
    tops.add(Math.round((await tab.boundingBox())!.y));
  }
  expect(tops.size, 'the tabs are one row').toBe(1);
  await page.getByRole('tab', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Public profile' })).toBeVisible();
  // The avatar is one photo: no 'photos', no cover badge, no order buttons.
  const avatar = page.getByRole('group', { name: 'Avatar' });
  await expect(avatar.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
  await expect(avatar.getByText('Cover', { exact: true })).toHaveCount(0);
  await expect(avatar.getByRole('button', { name: /^Move photo/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page, 'provider dashboard on a phone');
  await expectNoSeriousA11yViolations(page, 'provider dashboard profile tab on a phone');

  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Dashboard', 'Providers', 'Services', 'Categories']) {
    await expectWithinWidth(page, nav.getByRole('link', { name }), `admin link ${name}`);
  }
  await expectNoHorizontalScroll(page, 'admin dashboard on a phone');
  await expectNoSeriousA11yViolations(page, 'admin dashboard on a phone');
});

test('a long unbroken message wraps in its bubble and the Send button stays in the card', async ({ page }) => {
  await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
  const conversations = (await (await page.request.get('/api/bookings/with-messages')).json()) as { id: string }[];
  await page.goto(`/messages?booking=${conversations[0]!.id}`);
  const word = `Longword${'y'.repeat(600)}`;
  const composer = page.getByPlaceholder('Type a message...');
  await composer.fill(word);
  await page.getByRole('button', { name: 'Send' }).click();
  // The thread's scrolling list of messages.
  const thread = page.locator('div[aria-label="Messages"]');
  const bubble = thread.getByText(word);
  await expect(bubble).toBeVisible();
  const threadBox = (await thread.boundingBox())!;
  const bubbleBox = (await bubble.boundingBox())!;
  expect(bubbleBox.x + bubbleBox.width).toBeLessThanOrEqual(threadBox.x + threadBox.width);
  await expectWithinWidth(page, page.getByRole('button', { name: 'Send' }), 'Send button');
  await expectNoHorizontalScroll(page, 'messages with a long word');
});

test('a category whose icon is a name shows its initial, not the name spilling out of the circle', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  const slug = `surf-${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/categories', {
    data: { name: 'Surf Lessons', slug, icon: 'waves' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/admin/categories');
  const item = page.getByTestId('admin-categories').getByRole('listitem').filter({ hasText: slug });
  await expect(item).toContainText(`${slug} · waves`);

  await page.goto('/');
  const tile = page.getByRole('link', { name: /Surf Lessons/ });
  await expect(tile).toBeVisible();
  await expect(tile).not.toContainText('waves');
});

test('the footer offers a traveler to become a provider, and an admin nothing of the kind', async ({ page }) => {
  await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Offer your services' })).toHaveAttribute(
    'href',
    '/dashboard/provider',
  );
  await page.context().clearCookies();
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await expect(footer.getByRole('link', { name: 'Find local services' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Offer your services' })).toHaveCount(0);
});

test('admin services past the last page say so and lead back, instead of "No services yet"', async ({ page }) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/services?page=999');
  await expect(page.getByText(/^Page 999 is past the last page \(\d+\)\.$/)).toBeVisible();
  await expect(page.getByText('No services yet')).toHaveCount(0);
  await page.getByRole('button', { name: /^Go to page \d+$/ }).click();
  await expect(page.getByTestId('admin-service').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/services\?page=\d+$/);
});

test('checkout from an old link with a past date starts with no day chosen, on this month', async ({ page }) => {
  await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
  const [service] = (await (await page.request.get('/api/services/featured')).json()) as { id: string }[];
  await page.goto(`/checkout/${service!.id}?date=2020-01-01`);
  await expect(page.getByText('Choose a date to see its free start times.')).toBeVisible();
  await expect(page.getByTestId('summary-when')).toHaveCount(0);
  await expect(page.getByRole('grid', { name: /January 2020/ })).toHaveCount(0);
});

import { expect, test, type Page } from './fixtures';
import { expectNoSeriousA11yViolations, serverUser, uniqueEmail } from './helpers';

/**
 * Google sign-in through a local OpenID provider (oidc-provider, started by scripts/e2e-server.mjs
 * in place of Google): its development login page signs in as whatever login is typed, and the
 * login is the Google account's (verified) email.
 */
async function signInAtProvider(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
  await page.getByPlaceholder('Enter any login').fill(email);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('Google sign-in', () => {
  test('the Google button -> the provider login page -> signed in; returning lands on /', async ({ page }) => {
    const email = uniqueEmail('google');
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await signInAtProvider(page, email);

    // A new account from the sign-in page is a traveler, and lands where a traveler's sign-up does.
    await expect(page).toHaveURL(/\/browse$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/traveler');
    const user = await serverUser(page);
    expect(user).toMatchObject({ email, role: 'TRAVELER' });

    // Sign out, then Google again: the same account, and the product's sign-in landing (/). The provider
    // remembers this browser, so no login page this time.
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.goto('/auth/signin');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(banner.getByRole('button', { name: /Account menu/ })).toBeVisible();
    expect((await serverUser(page))?.id).toBe(user?.id);
  });

  test('signing up on the Provider tab with Google creates a provider and opens their dashboard', async ({ page }) => {
    const email = uniqueEmail('google-provider');
    await page.goto('/auth/signup?role=provider');
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    // The browser's zone (Europe/Lisbon in this config) went through Google's round trip.
    expect(await serverUser(page)).toMatchObject({ email, role: 'PROVIDER' });
  });

  test('canceling at the provider comes back to sign-in with a clear message', async ({ page }) => {
    await page.goto('/auth/signin?next=%2Fbrowse');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible();
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?error=google_denied&next=%2Fbrowse$/);
    await expect(page.getByText('Google sign-in canceled')).toBeVisible();
    await expect(page.getByText('You did not allow Locora to use your Google account')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign in after a canceled Google sign-in');
    expect(await serverUser(page)).toBeNull();
  });

  test('a server without the Google variables: the sign-in page explains it', async ({ page }) => {
    // This server has them; a server without them redirects the button here (API tests cover that).
    await page.goto('/auth/signin?error=google_not_configured');
    await expect(page.getByText('Google sign-in unavailable')).toBeVisible();
    await expect(page.getByText(/Google sign-in is not configured/)).toBeVisible();
  });
});

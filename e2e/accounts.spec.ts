import { expect, test } from './fixtures';
import {
  DEMO,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  serverUser,
  signIn,
  uniqueEmail,
} from './helpers';

test.describe('accounts journey', () => {
  test('sign up, switch role, sign out, fail and succeed to sign in, settings, 404', async ({ page }) => {
    // A long journey: three times the default budget, so a busy machine does not cut it short.
    test.slow();
    const email = uniqueEmail('journey');
    const password = 'journey-pass-123';

    // Sign up as a traveler; a too-short password is refused on the spot.
    await page.goto('/auth/signup');
    await expectNoSeriousA11yViolations(page, 'sign up');
    await expect(page.getByText('Must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Full Name').fill('Journey Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Invalid password', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long.').first()).toBeVisible();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByText('Account created!').first()).toBeVisible();

    // The header shows the signed-in user and their role.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/traveler');
    await banner.getByRole('button', { name: /Account menu for Journey Tester/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Journey Tester')).toBeVisible();
    await expect(menu.getByText('Traveler', { exact: true })).toBeVisible();

    // Switch to provider and back through the user menu. The dashboards have journeys of their own
    // (provider-dashboard.spec.ts, traveler-dashboard.spec.ts), so this one checks where the switch
    // leads, and what the user sees on pages that exist: the role the server now holds (it survives
    // a reload) and the public provider profile it created.
    await menu.getByRole('menuitem', { name: 'Switch to Provider' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/provider');
    const asProvider = await serverUser(page);
    expect(asProvider?.role).toBe('PROVIDER');
    await page.goto(`/provider/${asProvider?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Journey Tester' })).toBeVisible();
    await expect(page.getByText('No services available yet.')).toBeVisible();
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/provider');
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu').getByText('Provider', { exact: true })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Switch to Traveler' }).click();
    await expect(page).toHaveURL(/\/dashboard\/traveler$/);
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/traveler');
    expect((await serverUser(page))?.role).toBe('TRAVELER');
    await page.reload();
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu').getByText('Traveler', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // Sign out.
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    // A failed sign in shows its toast and stays put.
    await page.goto('/auth/signin');
    await expectNoSeriousA11yViolations(page, 'sign in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Sign in failed').first()).toBeVisible();
    await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);

    // The right password signs in and goes home.
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Welcome back!').first()).toBeVisible();

    // Settings: rename, then change the password.
    await page.goto('/settings');
    await expectNoSeriousA11yViolations(page, 'settings');
    await page.getByLabel('Full Name').fill('Journey Renamed');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(banner.getByRole('button', { name: /Account menu for Journey Renamed/ })).toBeVisible();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('journey-pass-456');
    await page.getByLabel('Confirm new password').fill('journey-pass-456');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Current password is incorrect.').first()).toBeVisible();
    await page.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Password updated').first()).toBeVisible();

    // Prove the change: signed out, the old password fails and the new one signs in.
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    expect(await serverUser(page)).toBeNull();
    await page.goto('/auth/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Invalid email or password. Please try again.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect(await serverUser(page)).toBeNull();
    await page.getByLabel('Password').fill('journey-pass-456');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(banner.getByRole('button', { name: /Account menu for Journey Renamed/ })).toBeVisible();
    expect((await serverUser(page))?.email).toBe(email);

    // Any other path is the 404 page.
    const res = await page.goto('/definitely/not/here');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '404');
  });

  test('signup with role=provider preselects Provider and lands on the provider dashboard', async ({ page }) => {
    await page.goto('/auth/signup?role=provider');
    await expect(page.getByRole('tab', { name: 'Provider' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Full Name').fill('Pro Vider');
    await page.getByLabel('Email').fill(uniqueEmail('provider'));
    await page.getByLabel('Password').fill('provider-pass-1');
    await page.getByRole('button', { name: 'Create provider account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/provider$/);
    // The dashboard has its own journey (provider-dashboard.spec.ts); here, the account and its profile.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('href', '/dashboard/provider');
    const user = await serverUser(page);
    expect(user?.role).toBe('PROVIDER');
    await page.goto(`/provider/${user?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pro Vider' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Services (0)' })).toBeVisible();
    await banner.getByRole('button', { name: /Account menu for Pro Vider/ }).click();
    await expect(page.getByRole('menu').getByText('Provider', { exact: true })).toBeVisible();
  });

  test('the demo accounts sign in; an admin sees the Admin Panel and has no role switch', async ({ page }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    await expect(banner.getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);
    expect((await serverUser(page))?.role).toBe('ADMIN');
    await banner.getByRole('button', { name: /Account menu/ }).click();
    await expect(page.getByRole('menu').getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Switch to/ })).toHaveCount(0);
  });

  test('the theme toggle is saved and applied before paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page, 'home (dark)');
  });

  test('phone width: the shell fits and the menu opens', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/auth/signin', '/auth/signup', '/nope']) {
      await page.goto(path);
      await expectNoHorizontalScroll(page, path);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Browse Services' })).toBeVisible();
  });
});

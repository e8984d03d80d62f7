import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  readOutboxMail,
  serverUser,
  uniqueEmail,
} from './helpers';

/** The path and query of the link in an email (the server's public URL may name another host). */
function linkIn(mail: string, page: string): string {
  const match = new RegExp(`https?://[^/\\s"]+(/auth/${page}\\?token=[A-Za-z0-9_-]+)`).exec(mail);
  if (!match?.[1]) throw new Error(`no /auth/${page} link in the email:\n${mail}`);
  return match[1];
}

test.describe('forgot password', () => {
  test('email link -> new password -> signed in; other sessions out; old password fails', async ({ page, baseURL }) => {
    test.slow();
    const email = uniqueEmail('reset');
    const oldPassword = 'old-password-123';
    const newPassword = 'new-password-456';

    // An account, signed in somewhere else (its own cookie jar).
    const elsewhere = await playwrightRequest.newContext({ baseURL });
    const created = await elsewhere.post('/api/auth/signup', {
      data: { email, password: oldPassword, name: 'Reset Tester', role: 'TRAVELER' },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(200);

    // Sign-in page -> 'Forgot password?'
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your email')).toBeVisible();
    await expect(page.getByText(/If an account uses this email, we have sent it a link/)).toBeVisible();

    // The server wrote the email as an .eml file under its DATA_DIR/outbox.
    const mail = await readOutboxMail(email, 'Reset your Locora password');
    const link = linkIn(mail, 'reset-password');

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'reset password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else-789');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The two passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Password changed').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
    expect((await serverUser(page))?.email).toBe(email);

    // The other session was signed out.
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(401);
    await elsewhere.dispose();

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-password-000');
    await page.getByLabel('Confirm new password').fill('third-password-000');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This link cannot be used')).toBeVisible();
    await expect(page.getByText('This password reset link has already been used.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );

    // Signed out: the old password fails, the new one works.
    await page.context().clearCookies();
    await page.goto('/auth/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(oldPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Sign in failed').first()).toBeVisible();
    expect(await serverUser(page)).toBeNull();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await serverUser(page))?.email).toBe(email);
  });

  test('settings: verify the address from the sign-up email', async ({ page }) => {
    const email = uniqueEmail('verify');
    await page.goto('/auth/signup');
    await page.getByLabel('Full Name').fill('Vera Fied');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('verify-pass-123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await page.goto('/settings');
    await expect(page.getByText('Not verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings, not verified');

    const mail = await readOutboxMail(email, 'Confirm your email address for Locora');
    // A link verifies only signed in as its account (decision 022): signed out, it goes to sign-in
    // first and comes back to the link.
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
    await page.goto(linkIn(mail, 'verify-email'));
    await expect(page).toHaveURL(/\/auth\/signin\?next=%2Fauth%2Fverify-email%3Ftoken%3D[A-Za-z0-9_-]+&reason=verify$/);
    await expect(page.getByRole('heading', { name: 'Sign in to confirm your email address' })).toBeVisible();
    expect(await serverUser(page)).toBeNull();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('verify-pass-123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email\?token=/);
    await expect(page.getByText('Email verified')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'verify email');
    await page.getByRole('link', { name: 'Go to settings' }).click();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
  });

  test('phone width and dark mode: the pages fit and read well; broken links explain themselves', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await expectNoHorizontalScroll(page, 'forgot password (phone)');
    await expectNoSeriousA11yViolations(page, 'forgot password (phone, dark)');

    await page.goto('/auth/reset-password');
    await expect(page.getByText('This password reset link is incomplete.', { exact: false })).toBeVisible();
    await page.goto('/auth/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('whatever-123');
    await page.getByLabel('Confirm new password').fill('whatever-123');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('This password reset link is not valid.', { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page, 'reset password (phone)');
    await expectNoSeriousA11yViolations(page, 'reset password error (phone, dark)');

    // A verification link is opened signed in (decision 022).
    const created = await page.request.post('/api/auth/signup', {
      data: { email: uniqueEmail('phone'), password: 'phone-pass-123', name: 'Pho Ne', role: 'TRAVELER' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/auth/verify-email?token=not-a-real-token');
    await expect(page.getByText('We could not verify your email')).toBeVisible();
    await expect(page.getByText('This verification link is not valid.', { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page, 'verify email (phone)');
    await expectNoSeriousA11yViolations(page, 'verify email error (phone, dark)');
  });
});

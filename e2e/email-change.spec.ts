import { expect, test } from './fixtures';
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  readOutboxMail,
  serverUser,
  uniqueEmail,
} from './helpers';

/*
 * Email links (decision 022): changing the email address in /settings (new address and current
 * password); the new address is unverified until the link sent to it is opened.
 */

const PASSWORD = 'change-mail-2026';

test('settings: change the email address, see the link sent, verify it', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('before');
  const created = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, name: 'Emil Change', role: 'TRAVELER' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  await page.getByRole('button', { name: 'Change email' }).click();
  const form = page.getByRole('form', { name: 'Change email' });
  await expect(form).toBeVisible();
  await expectNoHorizontalScroll(page, 'settings, change email (phone)');
  await expectNoSeriousA11yViolations(page, 'settings, change email form');

  // A wrong password is refused and said so at the field.
  const next = uniqueEmail('after');
  await form.getByLabel('New email address').fill(next);
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByRole('button', { name: 'Save new email' }).click();
  await expect(form.getByText('Current password is incorrect.')).toBeVisible();
  expect((await serverUser(page))?.email).toBe(email);

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Save new email' }).click();
  await expect(page.getByTestId('account-email')).toHaveText(next);
  await expect(page.getByText('Not verified')).toBeVisible();
  await expect(page.getByText('Verification link sent')).toBeVisible();
  await expect(form).toHaveCount(0);
  expect((await serverUser(page))?.email).toBe(next);

  const mail = await readOutboxMail(next, 'Confirm your email address for Locora');
  const link = /https?:\/\/[^/\s"]+(\/auth\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
  expect(link, 'a verification link in the email').toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Email verified')).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByText('Verification link sent')).toHaveCount(0);
});

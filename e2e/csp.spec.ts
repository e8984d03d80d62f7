import { expect, test, type Page } from './fixtures';
import { DEMO, signIn } from './helpers';

/**
 * Our Content-Security-Policy (src/server/http/security.ts) must hold without complaint: Chrome's
 * Issues panel (and Lighthouse's best-practices audit) reports every violation, even one a library
 * catches, such as zod's `new Function` probe (decision 012).
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

type Featured = { id: string; provider: { userId: string } }[];

test('public pages, sign-in, the signed-in header and pages break no CSP rule', async ({ page, request }) => {
  const violations = await watchCsp(page);
  const [service] = (await (await request.get('/api/services/featured')).json()) as Featured;
  expect(service).toBeDefined();

  for (const path of ['/', '/browse?q=massage', `/service/${service!.id}`, `/provider/${service!.provider.userId}`]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Responses and error bodies are checked with zod on the client: a failed sign-in (and its toast), then a good one.
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(DEMO.traveler.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Sign in failed').first()).toBeVisible();
  await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account menu/ })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  // The signed-in pages check their answers too: /messages parses its conversations (objects), which
  // full zod's object parser would probe with `new Function`.
  await page.goto('/messages');
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
  await page.goto('/dashboard/traveler');
  await expect(page.getByRole('heading', { name: 'My Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});

test('the phone menu opens, navigates and gives focus back to its button', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await expect(sheet.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await sheet.getByRole('link', { name: 'Browse Services' }).click();
  await expect(page).toHaveURL(/\/browse/);
  await expect(sheet).toBeHidden();
  expect(violations).toEqual([]);
});

import { expect, test } from './fixtures';
import { DEMO, expectNoHorizontalScroll, signIn } from './helpers';

/** The header's currency menu: the code it shows, and the select over it. */
const menu = (page: import('@playwright/test').Page) => ({
  code: page.getByTestId('currency-menu-code'),
  select: page.getByRole('banner').getByRole('combobox', { name: 'Currency' }),
});

test.describe('a traveler’s own currency', () => {
  test.use({ locale: 'pt-BR' });

  test('a guest starts in the currency of their browser’s region, and keeps the one they choose', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(menu(page).code).toHaveText('BRL');
    await menu(page).select.selectOption('JPY');
    await expect(menu(page).code).toHaveText('JPY');
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'currency')?.value).toBe('JPY');
    // The server renders the next page in it: the HTML itself says JPY, before any script runs.
    const html = await (await page.request.get('/browse')).text();
    expect(html).toContain('data-testid="currency-menu-code">JPY<');
    await page.goto('/browse');
    await expect(menu(page).code).toHaveText('JPY');
  });

  test('a signed-in traveler’s choice is kept on the account, from Settings', async ({ page, browser }) => {
    await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
    await page.goto('/settings');
    const setting = page.getByLabel('Show estimates in');
    await expect(setting).toHaveValue('browser-region');
    await setting.selectOption('EUR');
    await expect(page.getByText('Currency saved').first()).toBeVisible();
    await expect(menu(page).code).toHaveText('EUR');
    await expectNoHorizontalScroll(page, 'settings');

    // Another browser, another language, no cookie: the account decides.
    const other = await browser.newContext({ locale: 'ja-JP' });
    const second = await other.newPage();
    await second.goto('/auth/signin');
    await second.getByLabel('Email').fill(DEMO.traveler.email);
    await second.getByLabel('Password').fill(DEMO.traveler.password);
    await second.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(second).toHaveURL('/');
    await expect(second.getByTestId('currency-menu-code')).toHaveText('EUR');
    await other.close();

    // Back to the browser's region. The first save's toast may still be on screen: wait for the
    // account's answer to this one.
    const savedOnAccount = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/account/profile') && response.request().method() === 'PATCH' && response.ok(),
    );
    await setting.selectOption('browser-region');
    await savedOnAccount;
    await expect(setting).toHaveValue('browser-region');
    await page.context().clearCookies({ name: 'currency' });
    await page.goto('/');
    await expect(menu(page).code).toHaveText('BRL');
  });
});

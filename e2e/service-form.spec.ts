import { expect, test, type Page } from './fixtures';
import { expectNoSeriousA11yViolations, screenshotTo as shoot, uniqueEmail } from './helpers';

/**
 * The Create Service dialog (docs/product.md, Provider dashboard): an empty price is an error at
 * the field, not a live "$0" service; a free service is chosen with "Free service", which turns
 * the price off; the hints read as hints; a refusal from the server is said in the dialog, in the
 * server's words. Phone width, both themes. Screenshots go to SCREENSHOT_DIR when it is set.
 */

const PASSWORD = 'service-form-1';

async function newProvider(page: Page) {
  const res = await page.request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('form-provider'),
      password: PASSWORD,
      name: 'Form Provider',
      role: 'PROVIDER',
      timeZone: 'Europe/Lisbon',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function ownServices(page: Page) {
  const res = await page.request.get('/api/provider/services');
  expect(res.status()).toBe(200);
  return (await res.json()) as { title: string; price: number }[];
}

for (const theme of ['light', 'dark'] as const) {
  test(`Create Service at phone width (${theme}): no $0 by mistake, Free by choice, refusals in the dialog`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    await newProvider(page);
    await page.goto('/dashboard/provider');
    await page.getByRole('button', { name: 'Create Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Service' });
    const price = dialog.getByLabel('Price');
    const free = dialog.getByRole('checkbox', { name: 'Free service' });

    // Hints that cannot pass for values; the price starts empty, with none.
    await expect(dialog.getByLabel('City')).toHaveAttribute('placeholder', 'e.g. Lisbon');
    await expect(dialog.getByLabel('Service Title')).toHaveAttribute('placeholder', /^e\.g\. /);
    await expect(price).toHaveValue('');
    await expect(price).not.toHaveAttribute('placeholder', /./);
    await expect(free).not.toBeChecked();

    // An empty price: Save says so at the field, and nothing is created.
    await dialog.getByLabel('Service Title').fill('Kwoblex tide walk');
    await dialog.getByLabel('Category').selectOption({ label: 'Tours' });
    await dialog.getByLabel('City').fill('Lisbon');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a price, or mark the service as free')).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toBeFocused();
    await page.mouse.move(0, 0);
    await shoot(page, `dialog-empty-price-${theme}`);
    await expectNoSeriousA11yViolations(page, `create service, empty price (${theme})`);
    expect(await ownServices(page)).toEqual([]);

    // $0 is not a price either.
    await price.fill('0');
    await expect(dialog.getByText('Enter a price, or mark the service as free')).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('A price of $0: mark the service as free, or enter a price')).toBeVisible();

    // A refusal the server makes (a title under 3 characters once trimmed) is said in the dialog,
    // not as "Please try again later".
    await price.fill('25');
    await dialog.getByLabel('Service Title').fill(' ab ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Please try again later.')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await shoot(page, `dialog-server-refusal-${theme}`);
    expect(await ownServices(page)).toEqual([]);

    // Free by choice: the price turns off, and the service is created free.
    await dialog.getByLabel('Service Title').fill('Kwoblex tide walk');
    await free.click();
    await expect(price).toBeDisabled();
    await expect(price).toHaveValue('');
    await page.mouse.move(0, 0);
    await shoot(page, `dialog-free-${theme}`);
    await expectNoSeriousA11yViolations(page, `create service, free (${theme})`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Service created!').first()).toBeVisible();
    expect(await ownServices(page)).toEqual([expect.objectContaining({ title: 'Kwoblex tide walk', price: 0 })]);

    // Editing it: Free is still chosen; unticked, a price is needed again.
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Service' });
    await expect(edit.getByRole('checkbox', { name: 'Free service' })).toBeChecked();
    await edit.getByRole('checkbox', { name: 'Free service' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Enter a price, or mark the service as free')).toBeVisible();
    await edit.getByLabel('Price').fill('30');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    expect(await ownServices(page)).toEqual([expect.objectContaining({ title: 'Kwoblex tide walk', price: 3000 })]);
  });
}

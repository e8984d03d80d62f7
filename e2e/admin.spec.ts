import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, signIn } from './helpers';

async function openAdmin(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('admin', () => {
  test('an admin approves a pending provider who sent a document: the badge shows on their profile', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    // Admin Panel in the header leads to the dashboard.
    await page.getByRole('banner').getByRole('link', { name: 'Admin Panel' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    for (const label of [
      'Total Users',
      'Total Providers',
      'Total Services',
      'Total Bookings',
      'Pending Verifications',
    ]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    // The numbers load after the client-side navigation (skeletons first): wait for a count, at least 1.
    const pendingStat = page.getByTestId('stat-pending-verifications');
    await expect(pendingStat).toHaveText(/^[1-9]\d*$/);
    const pendingBefore = Number(await pendingStat.textContent());
    await expectNoSeriousA11yViolations(page, 'admin dashboard');

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Providers' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Verification' })).toBeVisible();
    const card = page.getByTestId('pending-provider').first();
    const name = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
    // The demo provider's document is reached through the admin route (an image inline, a PDF
    // as a download).
    const viewer = card.locator(`img[alt="Identity document of ${name}"], a[download]`);
    await expect(viewer).toBeVisible();
    const src = (await viewer.getAttribute('src')) ?? (await viewer.getAttribute('href'));
    expect(src).toMatch(/^\/api\/admin\/providers\/[0-9a-f-]{36}\/id-document$/);
    const doc = await page.request.get(src!);
    expect(doc.status()).toBe(200);
    expect(doc.headers()['cache-control']).toBe('private, no-store');
    await expectNoSeriousA11yViolations(page, 'provider verification');

    const profileHref = await card.getByRole('link', { name: 'View public profile' }).getAttribute('href');
    await card.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(page.getByText('Provider verification updated').first()).toBeVisible();
    await expect(page.getByTestId('pending-provider').filter({ hasText: name })).toHaveCount(0);

    // The public profile shows the Verified badge at once.
    await page.goto(profileHref!);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTitle('Government ID verified')).toBeVisible();

    // The decision is in the audit log on /admin.
    await openAdmin(page, '/admin', 'Admin Dashboard');
    await expect(page.getByTestId('audit-log').getByText(name).first()).toBeVisible();
    await expect(page.getByTestId('audit-log').getByText('Approved provider').first()).toBeVisible();
    await expect(page.getByTestId('stat-pending-verifications')).toHaveText(String(pendingBefore - 1));
  });

  test('an admin deactivates a service: it leaves search; and reactivates it', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await openAdmin(page, '/admin/services', 'Service Moderation');
    // A service travelers can see now: active and not paused by its provider.
    const first = page.locator('[data-testid="admin-service"][data-active="true"][data-paused="false"]').first();
    const title = (await first.getByRole('heading', { level: 2 }).textContent())!.trim();
    await page.getByLabel('Search by title or provider').fill(title);
    await expect(page).toHaveURL(/\/admin\/services\?q=/);
    const card = page
      .getByTestId('admin-service')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page, 'service moderation');

    const inSearch = async () => {
      const res = await page.request.get(`/api/services?q=${encodeURIComponent(title)}`);
      return ((await res.json()) as { title: string }[]).some((s) => s.title === title);
    };
    expect(await inSearch()).toBe(true);

    await card.getByRole('switch', { name: `Active: ${title}` }).click();
    await expect(page.getByText('Service status updated').first()).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(card).toHaveAttribute('data-active', 'false');
    expect(await inSearch()).toBe(false);
    await page.goto(`/browse?q=${encodeURIComponent(title)}`);
    await expect(
      page.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }),
    ).toHaveCount(0);

    await openAdmin(page, `/admin/services?q=${encodeURIComponent(title)}`, 'Service Moderation');
    const again = page
      .getByTestId('admin-service')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await again.getByRole('switch', { name: `Active: ${title}` }).click();
    await expect(again).toHaveAttribute('data-active', 'true');
    await expect(page.getByText('Service status updated').first()).toBeVisible();
    await expect.poll(inSearch).toBe(true);
  });

  test('an admin adds and deletes a category', async ({ page }) => {
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    await openAdmin(page, '/admin/categories', 'Category Management');
    // Name and slug are required.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Slug is required')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page, 'category management with errors');

    await page.getByLabel('Name').fill('Kite Surfing');
    await page.getByLabel('Slug').fill('kite-surfing');
    await page.getByLabel('Icon (optional)').fill('🪁');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category created').first()).toBeVisible();
    const list = page.getByTestId('admin-categories');
    await expect(list.getByText('Kite Surfing')).toBeVisible();

    // A taken slug is refused.
    await page.getByLabel('Name').fill('Again');
    await page.getByLabel('Slug').fill('kite-surfing');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Failed to create category').first()).toBeVisible();

    await list.getByRole('button', { name: 'Delete Kite Surfing' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete category "Kite Surfing"?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Category deleted').first()).toBeVisible();
    await expect(list.getByText('Kite Surfing')).toHaveCount(0);

    // A category in use cannot be deleted: the list keeps it and the reason is shown.
    await list.getByRole('button', { name: 'Delete Massage' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Failed to delete category').first()).toBeVisible();
    await expect(list.getByText('Massage', { exact: true })).toBeVisible();
  });

  test('a traveler visiting /admin sees the 403 page; signed out goes to sign in', async ({ page }) => {
    const signedOut = await page.goto('/admin/services');
    expect(signedOut?.url()).toContain('/auth/signin?next=%2Fadmin%2Fservices');
    await signIn(page, DEMO.traveler.email, DEMO.traveler.password);
    const res = await page.goto('/admin');
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'Admins only' })).toBeVisible();
    await expect(page.getByText('Total Users')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '403 page');
  });

  test('phone width and dark theme: every admin page fits and stays accessible', async ({ page }) => {
    test.slow();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, DEMO.admin.email, DEMO.admin.password);
    for (const [path, heading] of [
      ['/admin', 'Admin Dashboard'],
      ['/admin/providers', 'Provider Verification'],
      ['/admin/services', 'Service Moderation'],
      ['/admin/categories', 'Category Management'],
    ] as const) {
      await openAdmin(page, path, heading);
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expectNoHorizontalScroll(page, `${path} at phone width`);
      await expectNoSeriousA11yViolations(page, `${path} (dark, phone)`);
    }
  });
});

import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousA11yViolations, serverUser, uniqueEmail } from './helpers';

async function signUp(page: Page, role: 'provider' | 'traveler', name: string) {
  await page.goto(role === 'provider' ? '/auth/signup?role=provider' : '/auth/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail(role));
  await page.getByLabel('Password').fill('dashboard-pass-123');
  await page.getByRole('button', { name: role === 'provider' ? 'Create provider account' : 'Create account' }).click();
  // The toast is transient (accounts.spec.ts checks its text); the signed-in header and the
  // destination are what stay.
  await expect(page).not.toHaveURL(/\/auth\/signup/);
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
}

/** A real photo (JPEG, one colour), as a phone would upload it. */
async function photo(name: string, background: string, width = 1200, height = 800) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard/provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
}

test.describe('provider dashboard', () => {
  test('a new provider creates, finds, edits, pauses and deletes a service, and edits their profile', async ({
    page,
  }) => {
    test.slow();
    await signUp(page, 'provider', 'Dana Dashboard');
    // Sign-up leads to the dashboard.
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    await expect(page.getByText('No services yet')).toBeVisible();
    await expect(page.getByText('Create your first service to start receiving bookings')).toBeVisible();
    await expect(page.getByTestId('stat-services')).toHaveText('0');
    // A provider signing up from Lisbon (the browser's zone) is priced and paid in euros.
    await expect(page.getByTestId('stat-revenue')).toHaveText('€0');
    // The welcome toast is judged too, once it is in (axe waits for its fade-in).
    await expect(page.getByText('Account created!').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'empty provider dashboard');

    // Create a service: Save waits for a title and a category.
    await page.getByRole('button', { name: 'Create Service' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Service' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByLabel('Unit')).toHaveValue('per hour');
    await expect(dialog.getByLabel('Min Hours')).toHaveValue('1');
    await dialog.getByLabel('Service Title').fill('Kwoblex harbour massage');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Category').selectOption({ label: 'Massage' });
    await expect(save).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'create service dialog');
    // Cancel closes and resets.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(dialog.getByLabel('Service Title')).toHaveValue('');

    await dialog.getByLabel('Service Title').fill('Kwoblex harbour massage');
    await dialog.getByLabel('Description').fill('A relaxing massage by the harbour.\nOils included.');
    await dialog.getByLabel('Category').selectOption({ label: 'Massage' });
    await dialog.getByLabel('City').fill('Lisbon');
    await dialog.getByLabel('Price').fill('45');
    await dialog.getByLabel('Unit').selectOption('per session');
    // Per session the length field is the session's length (decision 035).
    await expect(dialog.getByLabel('Min Hours')).toHaveCount(0);
    await dialog.getByLabel('Session length').fill('2');
    // A massage at the provider's place needs its address.
    await dialog.getByLabel('Where it happens').selectOption('provider_place');
    await dialog.getByLabel('Area (shown to everyone)').fill('Cais do Sodré');
    await dialog.getByLabel('Address (shown to travelers once you accept)').fill('Rua Nova do Carvalho 10');
    // Two photos through the uploader: both uploaded, then the second made the cover.
    await dialog
      .locator('input[type=file]')
      .setInputFiles([await photo('harbour.jpg', '#2a6f97', 3000, 2000), await photo('oils.jpg', '#c9a227', 400, 300)]);
    const photos = dialog.getByRole('list', { name: /in order$/ }).getByRole('listitem');
    await expect(photos).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Remove photo 2' })).toBeVisible();
    await expect(save).toBeEnabled();
    const uploaded = await photos.locator('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    expect(uploaded).toHaveLength(2);
    for (const src of uploaded) expect(src).toMatch(/^\/uploads\/photos\/.+\.webp$/);
    // In the order chosen, although the small second photo finishes first: the large one is the cover.
    // (a 400 px photo has only its 400 px variant; the 3000 px one is shown from a larger one).
    expect(uploaded[0]).not.toMatch(/-w400\.webp$/);
    expect(uploaded[1]).toMatch(/-w400\.webp$/);
    await dialog.getByRole('button', { name: 'Move photo 2 left' }).click();
    await expect(photos.first().locator('img')).toHaveAttribute('src', uploaded[1]!);
    await save.click();
    await expect(page.getByText('Service created!').first()).toBeVisible();
    await expect(page.getByText('Your service is now live.').first()).toBeVisible();
    const card = page.getByTestId('provider-service').filter({ hasText: 'Kwoblex harbour massage' });
    await expect(card).toBeVisible();
    await expect(card.getByText('€45')).toBeVisible();
    await expect(card.getByText('per session')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByTestId('stat-services')).toHaveText('1');

    // It is in browse and on the public profile.
    await page.goto('/browse?q=kwoblex');
    await expect(page.getByText('1 service found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kwoblex harbour massage' })).toBeVisible();
    // The cover is the photo moved first, served right-sized from the upload.
    const cover = page.locator('main img[src^="/uploads/photos/"]').first();
    await expect(cover).toBeVisible();
    expect(await cover.getAttribute('srcset')).toContain(uploaded[1]!.replace(/-w\d+\.webp$/, ''));
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const me = await serverUser(page);
    await page.goto(`/provider/${me?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dana Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kwoblex harbour massage' })).toBeVisible();
    await expect(page.locator('main img[src^="/uploads/photos/"]').first()).toBeVisible();

    // Edit it.
    await openDashboard(page);
    await page.getByRole('button', { name: 'Edit Kwoblex harbour massage' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Service' });
    await expect(edit.getByLabel('Price')).toHaveValue('45');
    await edit.getByLabel('Service Title').fill('Kwoblex sunset massage');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Service updated').first()).toBeVisible();
    const edited = page.getByTestId('provider-service').filter({ hasText: 'Kwoblex sunset massage' });
    await expect(edited).toBeVisible();

    // Pause it: it leaves browse.
    await page.getByRole('button', { name: 'Pause Kwoblex sunset massage' }).click();
    await expect(edited.getByText('Paused', { exact: true })).toBeVisible();
    await expect(edited.getByText('Paused — hidden from travelers')).toBeVisible();
    await page.goto('/browse?q=kwoblex');
    await expect(page.getByText('No services found')).toBeVisible();

    // Phone width, dark theme.
    await page.setViewportSize({ width: 360, height: 740 });
    await openDashboard(page);
    await expectNoHorizontalScroll(page, 'provider dashboard (phone)');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoSeriousA11yViolations(page, 'provider dashboard (phone, dark)');
    await page.getByRole('tab', { name: 'Booking Requests' }).click();
    await expect(page.getByText('No booking requests')).toBeVisible();
    // No base city yet: the zone's own name with its offset, never the IANA id.
    await expect(page.getByText(/^Times in Western European Time \(UTC(\+1)?\)$/)).toBeVisible();
    await expectNoHorizontalScroll(page, 'booking requests (phone)');
    await page.getByRole('button', { name: 'Toggle theme' }).first().click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // Profile: the public page shows the change at once.
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Bio').fill('Massage therapist by the harbour for ten years.');
    await page.getByLabel('Base city').fill('Lisbon');
    await page.getByLabel('Languages').selectOption('Portuguese');
    await expect(page.getByRole('button', { name: 'Remove Portuguese' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'profile tab');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile updated').first()).toBeVisible();
    await page.getByRole('link', { name: 'View public profile' }).click();
    await expect(page.getByText('Massage therapist by the harbour for ten years.')).toBeVisible();
    await expect(page.getByText('Portuguese')).toBeVisible();

    // Delete it, after confirming.
    await openDashboard(page);
    await page.getByRole('button', { name: 'Delete Kwoblex sunset massage' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete this service?')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'delete confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Service deleted').first()).toBeVisible();
    await expect(page.getByText('The service has been removed.').first()).toBeVisible();
    await expect(page.getByText('No services yet')).toBeVisible();
  });

  test('a per-day service longer than every availability window is warned about at save, at 1280 and 375 px', async ({
    page,
  }) => {
    test.slow();
    await signUp(page, 'provider', 'Wendy Window');
    // A four-hour window, 09:30-13:30 on the provider's clock, five days ahead.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(
      new Date(Date.now() + 5 * 24 * 3600 * 1000),
    );
    const slot = await page.request.post('/api/availability', { data: { start: `${day}T09:30`, end: `${day}T13:30` } });
    expect(slot.status(), await slot.text()).toBe(201);
    for (const [width, height, title] of [
      [1280, 900, 'Kwoblex island day'],
      [375, 812, 'Kwoblex river day'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/dashboard/provider');
      await page.getByRole('button', { name: 'Create Service' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Service' });
      await dialog.getByLabel('Service Title').fill(title);
      await dialog.getByLabel('Description').fill('A whole day out.');
      await dialog.getByLabel('Category').selectOption({ label: 'Tours' });
      await dialog.getByLabel('City').fill('Lisbon');
      await dialog.getByLabel('Price').fill('120');
      await dialog.getByLabel('Unit').selectOption('per day');
      await expect(dialog.getByLabel('Hours per day')).toHaveValue('8');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      // Saved, and told at once why travelers will find no day.
      const warning = page.getByText('Travelers will see no free days').first();
      await expect(warning).toBeVisible();
      await expect(
        page
          .getByText(
            'Your longest availability window in the next 60 days is 4 hours, shorter than this 8-hour day. Add a longer window on the Availability tab.',
          )
          .first(),
      ).toBeInViewport();
      await expect(page.getByTestId('provider-service').filter({ hasText: title })).toBeVisible();
      await expectNoHorizontalScroll(page, `day-length warning at ${width} px`);
    }
  });

  test('the tab is in the address: opened by link, changed by a click or the arrow keys, kept on reload', async ({
    page,
  }) => {
    await signUp(page, 'provider', 'Tilda Tabs');
    const tab = (name: string) => page.getByRole('tab', { name });
    const selected = page.getByRole('tablist').getByRole('tab', { selected: true });

    // A link to the Booking Requests tab (the booking-request email's) opens it.
    await page.goto('/dashboard/provider?tab=bookings');
    await expect(selected).toHaveText('Booking Requests');
    await expect(
      page.getByRole('tabpanel', { name: 'Booking Requests' }).getByText('No booking requests'),
    ).toBeVisible();
    await expect(page.getByText('No services yet')).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'booking requests tab');

    // A click changes the address and the panel, on the client (the page is not loaded again).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await tab('Availability').click();
    await expect(page).toHaveURL('/dashboard/provider?tab=availability');
    await expect(selected).toHaveText('Availability');
    await expect(page.getByRole('tabpanel', { name: 'Availability' }).getByText(/^Week of /)).toBeVisible();
    await tab('Services').click();
    await expect(page).toHaveURL('/dashboard/provider');
    await expect(page.getByText('No services yet')).toBeVisible();

    // The arrow keys move between the tabs, and select them (automatic activation).
    await tab('Services').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Booking Requests')).toBeFocused();
    await expect(page).toHaveURL('/dashboard/provider?tab=bookings');
    await expect(page.getByText('No booking requests')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Availability')).toBeFocused();
    await expect(page).toHaveURL('/dashboard/provider?tab=availability');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Profile')).toBeFocused();
    await expect(page).toHaveURL('/dashboard/provider?tab=profile');
    await expect(page.getByLabel('Bio')).toBeVisible();
    // Space does not scroll the page away (the tab is a link underneath).
    const y = await page.evaluate(() => window.scrollY);
    await page.keyboard.press(' ');
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    await expect(page).toHaveURL('/dashboard/provider?tab=profile');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // A reload keeps the tab; an unknown tab shows the default one.
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(selected).toHaveText('Profile');
    await expect(page.getByLabel('Bio')).toBeVisible();
    await page.goto('/dashboard/provider?tab=nonsense');
    await expect(selected).toHaveText('Services');
    await expect(page.getByText('No services yet')).toBeVisible();

    // On a phone the tabs are below the numbers: a tap keeps the page where it is (no jump to the top).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard/provider?tab=bookings');
    await page.evaluate(() => {
      const list = document.querySelector('[role="tablist"]')!;
      window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY - 8);
    });
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await tab('Profile').click();
    await expect(page.getByLabel('Bio')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/provider?tab=profile');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // At 375 px the five tabs are one row that scrolls sideways; the page itself does not.
    await page.setViewportSize({ width: 375, height: 812 });
    const tops = async () =>
      Promise.all(
        ['Services', 'Booking Requests', 'Availability', 'Profile', 'Payouts'].map(
          async (name) => (await tab(name).boundingBox())!.y,
        ),
      );
    expect(new Set(await tops()).size).toBe(1);
    const row = page.getByTestId('provider-tab-row');
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoHorizontalScroll(page, 'provider dashboard tabs on a phone');
    // The last tab, reached by scrolling the row, opens and stays in view.
    await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await tab('Payouts').click();
    await expect(page).toHaveURL('/dashboard/provider?tab=payouts');
    await expect(tab('Payouts')).toBeInViewport({ ratio: 1 });
    // Opened by a link, the selected tab is scrolled into the row's view too.
    await page.goto('/dashboard/provider?tab=payouts');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(tab('Payouts')).toBeInViewport({ ratio: 1 });
    // At 1280 px they are one row with nothing to scroll.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(new Set(await tops()).size).toBe(1);
    expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('a tab tapped before the page has hydrated opens that tab (JavaScript off: the server renders it)', async ({
    page,
    browser,
  }) => {
    await signUp(page, 'provider', 'Nora Noscript');
    // The same session in a browser without JavaScript: the page stays as the server sent it.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const noJs = await context.newPage();
      await noJs.goto('/dashboard/provider');
      await expect(noJs.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
      await expect(noJs.getByText('No services yet')).toBeVisible();
      await noJs.getByRole('tab', { name: 'Booking Requests' }).click();
      await expect(noJs).toHaveURL('/dashboard/provider?tab=bookings');
      await expect(noJs.getByRole('tab', { name: 'Booking Requests' })).toHaveAttribute('aria-selected', 'true');
      await expect(
        noJs.getByRole('tabpanel', { name: 'Booking Requests' }).getByText('No booking requests'),
      ).toBeVisible();
      await expect(noJs.getByText('No services yet')).toBeHidden();
      await noJs.getByRole('tab', { name: 'Profile' }).click();
      await expect(noJs).toHaveURL('/dashboard/provider?tab=profile');
      await expect(noJs.getByLabel('Bio')).toBeVisible();
      await noJs.getByRole('tab', { name: 'Services' }).click();
      await expect(noJs).toHaveURL('/dashboard/provider');
      await expect(noJs.getByText('No services yet')).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a traveler is offered the switch to provider, and it works; signed out goes to sign in', async ({ page }) => {
    await page.goto('/dashboard/provider');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();

    await signUp(page, 'traveler', 'Tomas Traveler');
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Provider' }).click();
    await expect(page.getByRole('heading', { name: 'Become a provider' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'switch to provider offer');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page, 'switch to provider offer (phone)');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Switch to Provider' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Provider Dashboard' })).toBeVisible();
    await expect(page.getByText('No services yet')).toBeVisible();
    expect((await serverUser(page))?.role).toBe('PROVIDER');
  });
});

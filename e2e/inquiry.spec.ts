import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/*
 * Inquiries (decision 025): a traveler asks a provider about a service before booking,
 * from the service page; the provider sees it arrive in /messages without reload and answers.
 */

const PASSWORD = 'inquiry-pass-2026';

async function signedInContext(browser: Browser, who: { email: string; password: string }, phone = false) {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 812 }, isMobile: true } : {});
  const page = await context.newPage();
  const res = await page.request.post('/api/auth/login', { data: { email: who.email, password: who.password } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page };
}

/** One of the demo provider's active services. */
async function demoProviderService(page: Page): Promise<{ id: string; title: string }> {
  const res = await page.request.get('/api/provider/services');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { id: string; title: string; isActive: boolean }[];
  const service = list.find((s) => s.isActive);
  expect(service, 'the demo provider has an active service').toBeTruthy();
  return service!;
}

test.describe.configure({ timeout: 180_000 });

test.describe('ask before booking', () => {
  let provider: { context: BrowserContext; page: Page } | undefined;
  let traveler: { context: BrowserContext; page: Page } | undefined;

  test.afterEach(async () => {
    await provider?.context.close();
    await traveler?.context.close();
  });

  test('a signed-out traveler is sent to sign in and back; the provider sees the question live and answers', async ({
    browser,
  }) => {
    provider = await signedInContext(browser, DEMO.provider);
    const service = await demoProviderService(provider.page);
    // The provider is reading one of their booking threads (chosen in the address, so a new
    // conversation arriving does not take the selection).
    const threads = (await (await provider.page.request.get('/api/bookings/with-messages')).json()) as { id: string }[];
    expect(threads.length, 'the demo provider has booking conversations').toBeGreaterThan(0);
    await provider.page.goto(`/messages?booking=${threads[0]!.id}`);
    await expect(provider.page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

    // A new traveler (so the inquiry is new on every run), signed out in this browser.
    const email = uniqueEmail('asker');
    const name = `Iris Asker ${Date.now().toString(36)}`;
    const context = await browser.newContext();
    traveler = { context, page: await context.newPage() };
    const created = await traveler.page.request.post('/api/auth/signup', {
      data: { email, password: PASSWORD, name, role: 'TRAVELER' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await traveler.page.request.post('/api/auth/logout');

    const page = traveler.page;
    await page.goto(`/service/${service.id}`);
    await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await page.getByRole('button', { name: 'Message provider' }).click();
    await expect(page).toHaveURL(/\/auth\/signin\?next=[^&]+&reason=message$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to message this provider' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Back on the service page with the question box open.
    await expect(page).toHaveURL(new RegExp(`/service/${service.id}$`));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: /^Message / })).toBeVisible();
    const send = dialog.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    await expectNoSeriousA11yViolations(page, 'message provider dialog');
    const question = `Is next Saturday free? (${Date.now().toString(36)})`;
    await dialog.getByLabel('Your message').fill(question);
    await send.click();

    // The conversation opens in /messages as an inquiry.
    await expect(page).toHaveURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
    const thread = page.getByRole('region', { name: /Conversation with/ });
    await expect(thread.getByText(service.title)).toBeVisible();
    await expect(thread.getByText('Inquiry', { exact: true })).toBeVisible();
    await expect(thread.locator('[data-own="true"]').filter({ hasText: question })).toBeVisible();

    // The provider's list shows it without reload, marked as an inquiry, with an unread count.
    const row = provider.page.getByRole('link', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Inquiry');
    await expect(row).toContainText(service.title);
    await expect(row.getByTestId('conversation-unread')).toHaveText(/1/);
    await row.click();
    await expect(provider.page.locator('[data-own="false"]').filter({ hasText: question })).toBeVisible();
    await expect(row.getByTestId('conversation-unread')).toHaveCount(0);

    // The provider answers; the traveler's open thread shows it without reload.
    const answer = `Yes, from 10:00. (${Date.now().toString(36)})`;
    await provider.page.getByLabel('Message', { exact: true }).fill(answer);
    await provider.page.getByLabel('Message', { exact: true }).press('Enter');
    await expect(page.locator('[data-own="false"]').filter({ hasText: answer })).toBeVisible();

    await expectNoSeriousA11yViolations(page, '/messages (inquiry)');
    await expectNoSeriousA11yViolations(provider.page, '/messages (inquiry, provider)');
  });

  test('on a phone: the action, the dialog and the inquiry thread fit the screen', async ({ browser }) => {
    const email = uniqueEmail('phone-asker');
    const setup = await browser.newContext();
    const created = await setup.request.post('/api/auth/signup', {
      data: { email, password: PASSWORD, name: 'Pia Phone', role: 'TRAVELER' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await setup.close();

    // A provider of their own, whose service has a long title: the thread header truncates it and
    // the composer still fits the phone's width.
    const providerContext = await browser.newContext();
    provider = { context: providerContext, page: await providerContext.newPage() };
    const providerSignup = await provider.page.request.post('/api/auth/signup', {
      data: {
        email: uniqueEmail('long-title-provider'),
        password: PASSWORD,
        name: 'Lena Longtitle',
        role: 'PROVIDER',
        timeZone: 'America/Sao_Paulo',
      },
    });
    expect(providerSignup.status(), await providerSignup.text()).toBe(201);
    const categories = (await (await provider.page.request.get('/api/categories')).json()) as { id: string }[];
    const title = `Lash Lift, Brow Shaping and Tinting at Your Hotel in São Paulo ${Date.now().toString(36)}`;
    const createdService = await provider.page.request.post('/api/services', {
      data: { title, categoryId: categories[0]!.id, price: 5500, city: 'São Paulo' },
    });
    expect(createdService.status(), await createdService.text()).toBe(201);
    const service = ((await createdService.json()) as { service: { id: string; title: string } }).service;
    traveler = await signedInContext(browser, { email, password: PASSWORD }, true);
    const page = traveler.page;

    await page.goto(`/service/${service.id}`);
    const action = page.getByRole('button', { name: 'Message provider' });
    await expect(action).toBeVisible();
    await expectNoHorizontalScroll(page, 'service page (phone)');
    await action.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoHorizontalScroll(page, 'message provider dialog (phone)');
    await dialog.getByLabel('Your message').fill('Do you speak English?');
    await dialog.getByRole('button', { name: 'Send message' }).click();

    await expect(page).toHaveURL(/\/messages\?conversation=/);
    await expect(page.locator('[data-own="true"]').filter({ hasText: 'Do you speak English?' })).toBeVisible();
    await expectNoHorizontalScroll(page, '/messages inquiry thread (phone)');
    // The thread column is clipped, not scrolled, so a column wider than the screen hides the send
    // button's edge without a sideways scroll: check that the composer fits the screen.
    const send = await page.getByRole('button', { name: 'Send', exact: true }).boundingBox();
    expect(send && send.x + send.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    // The back button leads to the list, where the inquiry is marked as such.
    await page.getByRole('link', { name: 'Back to conversations' }).click();
    const row = page.getByRole('link', { name: new RegExp(service.title) }).first();
    await expect(row).toContainText('Inquiry');
    await expectNoHorizontalScroll(page, '/messages list (phone)');
    await expectNoSeriousA11yViolations(page, '/messages list (phone)');
  });

  test('on a provider profile the traveler chooses which service they ask about', async ({ browser }) => {
    const email = uniqueEmail('profile-asker');
    const setup = await browser.newContext();
    const created = await setup.request.post('/api/auth/signup', {
      data: { email, password: PASSWORD, name: 'Pat Profile', role: 'TRAVELER' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await setup.close();

    provider = await signedInContext(browser, DEMO.provider);
    const me = (await (await provider.page.request.get('/api/auth/me')).json()) as { user: { id: string } };
    const profile = (await (await provider.page.request.get(`/api/providers/${me.user.id}`)).json()) as {
      services: { id: string; title: string }[];
    };
    traveler = await signedInContext(browser, { email, password: PASSWORD });
    const page = traveler.page;
    await page.goto(`/provider/${me.user.id}`);
    await page.getByRole('button', { name: 'Message provider' }).click();
    const dialog = page.getByRole('dialog');
    const chosen = profile.services.at(-1)!;
    if (profile.services.length > 1) {
      await dialog.getByLabel('Service').selectOption(chosen.id);
    } else {
      await expect(dialog.getByLabel('Service')).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, 'message provider dialog (profile)');
    await dialog.getByLabel('Your message').fill('Which one do you recommend?');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/messages\?conversation=/);
    const thread = page.getByRole('region', { name: /Conversation with/ });
    await expect(thread.getByText(chosen.title, { exact: true })).toBeVisible();
  });

  test('the provider is not offered to message themselves', async ({ browser }) => {
    provider = await signedInContext(browser, DEMO.provider);
    const service = await demoProviderService(provider.page);
    await provider.page.goto(`/service/${service.id}`);
    await expect(provider.page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
    await expect(provider.page.getByRole('button', { name: 'Message provider' })).toHaveCount(0);
  });
});

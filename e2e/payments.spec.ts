import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { startStripeServer, type StripeServer } from '../src/server/test/stripe-server';
import { request as playwrightRequest } from '@playwright/test';
import { fromStripeCurrency, type CurrencyCode } from '../src/shared/domain/currency';
import { expect, test } from './fixtures';
import { onboardThroughApi } from './payouts-helpers';
import { DEMO, expectNoSeriousA11yViolations, money, uniqueEmail } from './helpers';

/**
 * Card payments in the browser (decision 024). The shared server of the other specs has no Stripe
 * keys (their checkout shows the "not configured" texts of docs/product.md, e2e/checkout.spec.ts).
 * This spec starts its own server with keys, its Stripe API pointed at the local Stripe-protocol
 * server of the tests (src/server/test/stripe-server.ts), which forwards the webhook events of
 * every change it makes to the app, signed (as `stripe listen --forward-to` does).
 *
 * Stripe's servers cannot be reached from here, so they are replaced at the network edge only:
 * - blocked Stripe.js: checkout must show the payment error ('Failed to initialize payment. Please
 *   try again.') and a way to try again;
 * - the card journeys answer https://js.stripe.com with the Stripe.js stand-in (e2e/stand-ins/stripe-js.js,
 *   a test double) and route https://api.stripe.com to the local server, so the card typed in the
 *   page is confirmed by the browser under the app's own Content-Security-Policy, as with Stripe.
 */
const STRIPE_JS_STAND_IN = fs.readFileSync(fileURLToPath(new URL('./stand-ins/stripe-js.js', import.meta.url)), 'utf8');

// +1 is the local OpenID provider of scripts/e2e-server.mjs.
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const baseURL = `http://127.0.0.1:${port}`;
let stripe: StripeServer;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL });

/** The provider dashboard's Booking Requests tab (its tabs answer clicks once the page is hydrated). */
async function openBookingRequests(page: Page) {
  await page.goto('/dashboard/provider');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('tab', { name: 'Booking Requests' }).click();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stripe = await startStripeServer({ forwardWebhooksTo: `${baseURL}/api/webhooks/stripe` });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-e2e-pay-'));
  // As `npm start` runs it (scripts/start.mjs: the build through V8's code cache, React's production build).
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      SEARCHES_PER_IP_PER_MINUTE: '1000000',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // Nothing leaves the machine: the demo's exchange rates are kept, the ECB's feed is not asked.
      FX_RATES_URL: 'off',
    },
  });
  for (let i = 0; ; i++) {
    const ready = await fetch(`${baseURL}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (i > 340) throw new Error('the payments server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // With keys set, the demo provider starts "not set up" (decision 038): onboard them first.
  const provider = await playwrightRequest.newContext({ baseURL });
  const login = await provider.post('/api/auth/login', {
    data: { email: DEMO.provider.email, password: DEMO.provider.password },
  });
  if (!login.ok()) throw new Error(`demo provider login failed: ${login.status()}`);
  await onboardThroughApi(provider, stripe);
  await provider.dispose();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await stripe?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('Stripe.js that cannot load: checkout shows the payment error and stays retryable', async ({ page }) => {
  let stripeJsRequests = 0;
  await page.route('https://js.stripe.com/**', (route) => {
    stripeJsRequests += 1;
    return route.abort();
  });
  const config = await page.request.get('/api/payments/config');
  expect(await config.json()).toEqual({ publishableKey: stripe.publishableKey });

  const signup = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('pay-traveler'), password: 'pay-pass-12345', name: 'Paula Card', role: 'TRAVELER' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const search = (await (await page.request.get('/api/services')).json()) as
    { id: string }[] | { services: { id: string }[] };
  const services = Array.isArray(search) ? search : search.services;
  expect(services.length).toBeGreaterThan(0);

  await page.goto(`/checkout/${services[0]!.id}`);
  const payment = page.getByRole('heading', { name: 'Payment' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(payment.getByText('Error', { exact: true })).toBeVisible();
  await expect(payment.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
  await expect(payment.getByText('Payment processing is not configured.')).toHaveCount(0);
  await expect(page.getByTestId('cancellation-policy')).toContainText('24 hours');
  await expectNoSeriousA11yViolations(page, 'checkout with the payment error');
  // No card, no request with a card: the button waits; trying again tries to load Stripe.js again.
  await expect(page.getByRole('button', { name: 'Request to book' })).toBeDisabled();
  const before = stripeJsRequests;
  await payment.getByRole('button', { name: 'Try again' }).click();
  await expect(payment.getByText('Failed to initialize payment. Please try again.')).toBeVisible();
  await expect.poll(() => stripeJsRequests).toBeGreaterThan(before);
});

test('a request whose card is not authorised: Complete payment from the dashboard; the provider does not see it until it is', async ({
  page,
  browser,
}) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  // One of the demo provider's services (as e2e/traveler-dashboard.spec.ts books it).
  const provider = await browser.newContext({ baseURL });
  const login = await provider.request.post('/api/auth/login', {
    data: { email: DEMO.provider.email, password: DEMO.provider.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const title = 'Italian Dinner Party for Up to 8';
  const found = (await (await page.request.get(`/api/services?q=${encodeURIComponent(title)}`)).json()) as {
    id: string;
    title: string;
    minHours: number;
  }[];
  const service = found.find((s) => s.title === title);
  expect(service, title).toBeTruthy();

  const signup = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('pay-later'), password: 'pay-pass-12345', name: 'Lena Later', role: 'TRAVELER' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  // The request is sent, its PaymentIntent made, and the tab closed before the card was confirmed.
  let booking: { id: string; totalCents: number; currency: CurrencyCode } | undefined;
  const now = new Date();
  for (const offset of [0, 1, 2]) {
    if (booking) break;
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const { days } = (await (
      await page.request.get(`/api/services/${service!.id}/available-days?month=${month}&hours=${service!.minHours}`)
    ).json()) as { days: string[] };
    for (const date of days) {
      const { slots } = (await (
        await page.request.get(`/api/services/${service!.id}/slots?date=${date}&hours=${service!.minHours}`)
      ).json()) as { slots: { start: string }[] };
      const slot = slots.find((x) => new Date(x.start).getTime() > Date.now() + 30 * 3_600_000);
      if (!slot) continue;
      const res = await page.request.post('/api/bookings', {
        data: { serviceId: service!.id, start: slot.start, hours: service!.minHours, address: 'Rua das Flores 12' },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      booking = ((await res.json()) as { booking: { id: string; totalCents: number; currency: CurrencyCode } }).booking;
      break;
    }
  }
  expect(booking, 'a free slot').toBeTruthy();
  // An unpaid request holds its time for 15 minutes and is the traveler's alone: the provider does
  // not see it (decision 031). (Its context is signed in as the demo provider by the login above.)
  const providerPage = await provider.newPage();
  await openBookingRequests(providerPage);
  const row = providerPage.locator(`[data-testid="provider-booking"][data-booking-id="${booking!.id}"]`);
  await expect(providerPage.locator('[data-testid="provider-booking"]').first()).toBeVisible();
  await expect(row).toHaveCount(0);

  const intent = await page.request.post('/api/create-payment-intent', { data: { bookingId: booking!.id } });
  expect(intent.status(), await intent.text()).toBe(200);

  await page.goto('/dashboard/traveler');
  const card = page.locator(`[data-testid="traveler-booking"][data-booking-id="${booking!.id}"]`);
  await expect(card.getByText('Your card is not authorised yet', { exact: false })).toBeVisible();
  await card.getByRole('link', { name: /Complete payment for/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${service!.id}\\?booking=${booking!.id}`));
  await expect(page.getByRole('button', { name: 'Complete payment' })).toBeVisible();
  const total = money(booking!.totalCents, booking!.currency);
  await expect(page.getByTestId('summary-total')).toContainText(total);
  await expectNoSeriousA11yViolations(page, 'checkout completing a payment');

  // A payment started but not confirmed is still not the provider's to see, nor to accept (409).
  await openBookingRequests(providerPage);
  await expect(providerPage.locator('[data-testid="provider-booking"]').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  const accept = await provider.request.post(`/api/bookings/${booking!.id}/accept`, { data: {} });
  expect(accept.status(), await accept.text()).toBe(409);
  await provider.close();
});

/**
 * Stripe.js is the stand-in, and what it sends to api.stripe.com goes to the local Stripe server
 * (the request as the browser made it: method, form body, no secret key).
 */
async function useStripeStandIn(page: Page) {
  const loaded: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    loaded.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: STRIPE_JS_STAND_IN });
  });
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers: Record<string, string> = {};
    const contentType = request.headers()['content-type'];
    if (contentType) headers['content-type'] = contentType;
    const answer = await fetch(`${stripe.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers,
      body: request.postData() ?? undefined,
    });
    const answerHeaders = Object.fromEntries(answer.headers);
    delete answerHeaders['content-length'];
    delete answerHeaders['transfer-encoding'];
    await route.fulfill({ status: answer.status, headers: answerHeaders, body: await answer.text() });
  });
  return loaded;
}

type ServiceInfo = { id: string; title: string; price: number; currency: CurrencyCode; minHours: number };
type BookingRow = {
  id: string;
  status: string;
  paymentStatus: string | null;
  totalCents: number;
  service: { id: string };
};

/** A signed-in new traveler, and the demo provider's service with a day (from tomorrow on) that has free times. */
async function travelerAndFreeDay(page: Page, name: string) {
  const signup = await page.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('card'), password: 'pay-pass-12345', name, role: 'TRAVELER' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const title = 'Italian Dinner Party for Up to 8';
  const found = (await (
    await page.request.get(`/api/services?q=${encodeURIComponent(title)}`)
  ).json()) as ServiceInfo[];
  const service = found.find((s) => s.title === title);
  expect(service, title).toBeTruthy();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const now = new Date();
  for (const offset of [0, 1, 2]) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const { days } = (await (
      await page.request.get(`/api/services/${service!.id}/available-days?month=${month}&hours=${service!.minHours}`)
    ).json()) as { days: string[] };
    const day = days.find((d) => d > tomorrow);
    if (day) return { service: service!, day };
  }
  throw new Error(`no free day for ${title}`);
}

/** Types a card into the stand-in's card field, as a traveler does. */
async function enterCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Credit or debit card' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('ZIP').fill('10001');
}

async function bookingOf(page: Page, id: string) {
  const res = await page.request.get(`/api/bookings/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { booking: BookingRow }).booking;
}

function intentOf(bookingId: string) {
  const intents = [...stripe.intents.values()].filter((pi) => pi.metadata.bookingId === bookingId);
  expect(intents, `one PaymentIntent for booking ${bookingId}`).toHaveLength(1);
  return intents[0]!;
}

async function signedInProvider(browser: Browser) {
  const provider = await browser.newContext({ baseURL });
  const login = await provider.request.post('/api/auth/login', {
    data: { email: DEMO.provider.email, password: DEMO.provider.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return provider;
}

test('a card entered at checkout is authorised, not charged; the provider accepts and it is captured', async ({
  page,
  browser,
}) => {
  test.slow();
  const stripeJs = await useStripeStandIn(page);
  const { service, day } = await travelerAndFreeDay(page, 'Carla Card');
  // One session at its price (decision 035), plus the 5% service fee, in cents.
  const subtotal = service.price;
  const total = subtotal + Math.round(subtotal * 0.05);

  await page.goto(`/checkout/${service.id}?date=${day}`);
  await page.getByTestId('slot-list').getByRole('button').first().click();
  await expect(page.getByTestId('summary-total')).toHaveText(money(total, service.currency));
  await expect(page.getByText('Your card is authorised when you send the request and charged only when')).toBeVisible();
  const request = page.getByRole('button', { name: 'Request to book' });
  await expect(request).toBeDisabled();
  // The dinner happens at the traveler's: checkout asks where.
  await page.getByLabel('Service Address').fill('Rua das Flores 12, Lisboa');
  await enterCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('group', { name: 'Credit or debit card' }).getByLabel('Card number')).toHaveValue(
    '4242 4242 4242 4242',
  );
  await expect(request).toBeEnabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, 'checkout with a card entered');
  expect(stripeJs.length).toBeGreaterThan(0);
  expect(stripeJs[0]).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/);

  await request.click();
  await expect(page).toHaveURL('/dashboard/traveler');
  await expect(page.getByText('Booking requested', { exact: true })).toBeVisible();
  await expect(
    page
      .getByText(
        `Your card is authorised for ${money(total, service.currency)}, not charged: you pay only when they accept.`,
        {
          exact: false,
        },
      )
      .first(),
  ).toBeVisible();

  const mine = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as BookingRow[];
  expect(mine).toHaveLength(1);
  const bookingId = mine[0]!.id;
  expect(mine[0]!.totalCents).toBe(total);
  // The browser confirmed with the publishable key and the client secret; the amount is held.
  const pi = intentOf(bookingId);
  const confirms = stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi.id}/confirm`);
  expect(confirms).toHaveLength(1);
  expect(confirms[0]!.form).toMatchObject({
    key: stripe.publishableKey,
    client_secret: pi.client_secret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': '4242424242424242',
  });
  expect(pi).toMatchObject({
    status: 'requires_capture',
    amount: total,
    amount_capturable: total,
    capture_method: 'manual',
  });
  await stripe.webhooksDelivered();
  expect(stripe.deliveries.filter((d) => d.paymentIntent === pi.id)).toEqual([
    expect.objectContaining({ type: 'payment_intent.amount_capturable_updated', status: 200 }),
  ]);
  expect(await bookingOf(page, bookingId)).toMatchObject({ status: 'PENDING', paymentStatus: 'requires_capture' });
  await page.reload();
  const card = page.locator(`[data-testid="traveler-booking"][data-booking-id="${bookingId}"]`);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card).toContainText(
    `Waiting for the provider to accept your request. Your card is authorised for ${money(total, service.currency)}, not charged: you pay only when they accept.`,
  );
  await expect(card.getByRole('link', { name: /Complete payment for/ })).toHaveCount(0);

  // The provider sees the card is authorised and accepts: the hold is captured.
  const provider = await signedInProvider(browser);
  const providerPage = await provider.newPage();
  await openBookingRequests(providerPage);
  const row = providerPage.locator(`[data-testid="provider-booking"][data-booking-id="${bookingId}"]`);
  await expect(row.getByTestId('provider-booking-payment')).toHaveText('Card authorised');
  await row.getByRole('button', { name: /^Accept / }).click();
  await expect(providerPage.getByText('Booking accepted', { exact: true })).toBeVisible();
  await expect(row.getByTestId('provider-booking-payment')).toHaveText('Paid by card');
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await provider.close();

  expect(stripe.intent(pi.id)).toMatchObject({
    status: 'succeeded',
    amount: total,
    amount_received: total,
    amount_capturable: 0,
  });
  expect(
    stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi.id}/capture`).map((c) => c.idempotencyKey),
  ).toContain(`locora-capture-${pi.id}`);
  await stripe.webhooksDelivered();
  expect(stripe.deliveries.filter((d) => d.paymentIntent === pi.id).map((d) => [d.type, d.status])).toEqual([
    ['payment_intent.amount_capturable_updated', 200],
    ['payment_intent.succeeded', 200],
  ]);
  expect(await bookingOf(page, bookingId)).toMatchObject({
    status: 'PAID',
    paymentStatus: 'succeeded',
    totalCents: total,
  });
  await page.reload();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card).not.toContainText('Waiting for the provider');
});

test('a declined card says so; the traveler tries again with another card for the same request', async ({ page }) => {
  test.slow();
  await useStripeStandIn(page);
  const { service, day } = await travelerAndFreeDay(page, 'Dario Declined');
  await page.goto(`/checkout/${service.id}?date=${day}`);
  await page.getByTestId('slot-list').getByRole('button').first().click();

  // A mistyped number is refused in the field, before anything is sent.
  const number = page.getByRole('group', { name: 'Credit or debit card' }).getByLabel('Card number');
  await number.fill('4242 4242 4242 4241');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card number is invalid.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request to book' })).toBeDisabled();

  await page.getByLabel('Service Address').fill('Rua das Flores 12, Lisboa');
  await enterCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card number is invalid.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request to book' }).click();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText('Error', { exact: true })).toBeVisible();
  await expect(
    summary.getByText(
      'Your card was declined. Your request was sent; your card was not authorised. Check the card and try again.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/checkout/${service.id}`));
  const retry = page.getByRole('button', { name: 'Try payment again' });
  await expect(retry).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Request to book' })).toHaveCount(0);

  const mine = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as BookingRow[];
  expect(mine).toHaveLength(1);
  const bookingId = mine[0]!.id;
  const pi = intentOf(bookingId);
  expect(pi.status).toBe('requires_payment_method');
  expect(pi.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  await stripe.webhooksDelivered();
  expect(stripe.deliveries.filter((d) => d.paymentIntent === pi.id).map((d) => [d.type, d.status])).toEqual([
    ['payment_intent.payment_failed', 200],
  ]);
  expect(await bookingOf(page, bookingId)).toMatchObject({
    status: 'PENDING',
    paymentStatus: 'requires_payment_method',
  });

  // Another card, the same request: no second booking, the same PaymentIntent confirmed again.
  await number.fill('4242 4242 4242 4242');
  await retry.click();
  await expect(page).toHaveURL('/dashboard/traveler');
  await expect(page.getByText('Booking requested', { exact: true })).toBeVisible();
  const after = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as BookingRow[];
  expect(after.map((b) => b.id)).toEqual([bookingId]);
  expect(intentOf(bookingId)).toMatchObject({ id: pi.id, status: 'requires_capture', amount_capturable: pi.amount });
  expect(stripe.calls.filter((c) => c.path === `/v1/payment_intents/${pi.id}/confirm`)).toHaveLength(2);
  await stripe.webhooksDelivered();
  expect(stripe.deliveries.filter((d) => d.paymentIntent === pi.id).map((d) => [d.type, d.status])).toEqual([
    ['payment_intent.payment_failed', 200],
    ['payment_intent.amount_capturable_updated', 200],
  ]);
  expect(await bookingOf(page, bookingId)).toMatchObject({ status: 'PENDING', paymentStatus: 'requires_capture' });
  await page.reload();
  await expect(page.locator(`[data-testid="traveler-booking"][data-booking-id="${bookingId}"]`)).toContainText(
    `Your card is authorised for ${money(pi.amount, fromStripeCurrency(pi.currency)!)}, not charged`,
  );
});

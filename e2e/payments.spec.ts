import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStripeServer, type StripeServer } from '../src/server/test/stripe-server';
import { expect, test } from './fixtures';
import { DEMO, expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

/**
 * Issue 10, payments in the browser. The shared server of the other specs has no Stripe keys (their
 * checkout shows SPEC's "not configured" texts, e2e/checkout.spec.ts). This spec starts its own
 * server with keys, its Stripe API pointed at the local Stripe-protocol server of the tests, and
 * blocks Stripe.js (it cannot be reached from here anyway): checkout must show SPEC's payment error
 * and a way to try again, not a card field that never comes.
 */

// +1 is the local OpenID provider of scripts/e2e-server.mjs.
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const baseURL = `http://127.0.0.1:${port}`;
let stripe: StripeServer;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stripe = await startStripeServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-e2e-pay-'));
  server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
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

test('a request whose card is not authorised: Complete payment from the dashboard; the provider sees it is unpaid', async ({
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
  let booking: { id: string; totalCents: number } | undefined;
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
        data: { serviceId: service!.id, start: slot.start, hours: service!.minHours },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      booking = ((await res.json()) as { booking: { id: string; totalCents: number } }).booking;
      break;
    }
  }
  expect(booking, 'a free slot').toBeTruthy();
  const intent = await page.request.post('/api/create-payment-intent', { data: { bookingId: booking!.id } });
  expect(intent.status(), await intent.text()).toBe(200);

  await page.goto('/dashboard/traveler');
  const card = page.locator(`[data-testid="traveler-booking"][data-booking-id="${booking!.id}"]`);
  await expect(card.getByText('Your card is not authorised yet', { exact: false })).toBeVisible();
  await card.getByRole('link', { name: /Complete payment for/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${service!.id}\\?booking=${booking!.id}`));
  await expect(page.getByRole('button', { name: 'Complete payment' })).toBeVisible();
  const total = `$${(booking!.totalCents / 100).toFixed(2)}`;
  await expect(page.getByTestId('summary-total')).toContainText(total);
  await expectNoSeriousA11yViolations(page, 'checkout completing a payment');

  // The provider sees the card is not authorised, and an accept is refused with why.
  // (Its context is signed in as the demo provider by the login above.)
  const providerPage = await provider.newPage();
  await providerPage.goto('/dashboard/provider');
  await providerPage.getByRole('tab', { name: 'Booking Requests' }).click();
  const row = providerPage.locator(`[data-testid="provider-booking"][data-booking-id="${booking!.id}"]`);
  await expect(row.getByTestId('provider-booking-payment')).toHaveText('Card not authorised yet');
  await row.getByRole('button', { name: /^Accept / }).click();
  await expect(
    providerPage.getByText('The traveler’s card payment is not authorised yet.', { exact: false }).first(),
  ).toBeVisible();
  await provider.close();
});

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStripeServer, type StripeServer } from '../src/server/test/stripe-server';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, uniqueEmail } from './helpers';

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

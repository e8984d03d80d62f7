import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStripeServer, type StripeServer } from '../src/server/test/stripe-server';
import { expect, test } from './fixtures';
import { DEMO, expectNoSeriousA11yViolations } from './helpers';
import { routeStripeOnboarding } from './payouts-helpers';

/**
 * The provider dashboard's Payouts tab in every state (decision 038), on a server with Stripe keys
 * pointed at the local Stripe-protocol server, whose stand-in for Stripe's hosted onboarding page
 * (https://connect.stripe.com, routed here) moves the account and redirects back to the tab.
 * The account's later changes arrive as account.updated webhooks, forwarded signed to the app.
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
  stripe = await startStripeServer({ forwardWebhooksTo: `${baseURL}/api/webhooks/stripe` });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-e2e-payouts-'));
  // As `npm start` runs it (scripts/start.mjs: the build through V8's code cache, React's production build).
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Stripe's return and refresh URLs are made from it: the address the browser is on.
      PUBLIC_URL: baseURL,
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

test('the Payouts tab: not started, details needed, under review, active, restricted', async ({ page }) => {
  test.setTimeout(120_000);
  await routeStripeOnboarding(page, stripe);
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO.provider.email, password: DEMO.provider.password },
  });
  expect(login.status(), await login.text()).toBe(200);

  // Not started: the banner, and the demo provider's service says they are not accepting bookings.
  await page.goto('/dashboard/provider?tab=payouts');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const card = page.getByTestId('payouts-account');
  await expect(card).toHaveAttribute('data-state', 'not_started');
  await expect(page.getByRole('heading', { name: 'Payouts are not set up' }).first()).toBeVisible();
  await expect(page.getByTestId('payouts-banner')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'payouts tab, not started');

  // Set up payouts -> Stripe's onboarding (stand-in) -> back with details still needed.
  stripe.setOnboardingOutcome('details_needed');
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await expect(page.getByRole('heading', { name: 'Set up payouts for Locora' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(page).toHaveURL(/\/dashboard\/provider\?tab=payouts$/);
  await expect(card).toHaveAttribute('data-state', 'details_needed');
  await expect(card.getByRole('heading', { name: 'Stripe needs more details' })).toBeVisible();
  await expect(card.getByText('A bank account for payouts')).toBeVisible();
  await expect(card.getByText('Your date of birth')).toBeVisible();
  const accountId = [...stripe.accounts.keys()].at(-1)!;

  // Continue on Stripe: a new Account Link for the same account.
  stripe.setOnboardingOutcome('under_review');
  await page.getByRole('button', { name: 'Continue setup on Stripe' }).click();
  await page.getByRole('button', { name: 'Submit details' }).click();
  await expect(card).toHaveAttribute('data-state', 'under_review');
  await expect(card.getByRole('heading', { name: 'Stripe is reviewing your details' })).toBeVisible();
  await expect(page.getByTestId('payouts-banner')).toBeVisible();

  // Active (account.updated): no banner, the Express dashboard link.
  stripe.setAccountState(accountId, 'active');
  await stripe.webhooksDelivered();
  await page.reload();
  await expect(card).toHaveAttribute('data-state', 'active');
  await expect(card.getByRole('heading', { name: 'Payouts are active' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View payouts on Stripe' })).toBeVisible();
  await expect(page.getByTestId('payouts-banner')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'payouts tab, active');

  // Restricted, and why.
  stripe.setAccountState(accountId, 'restricted', 'rejected.fraud');
  await stripe.webhooksDelivered();
  await page.reload();
  await expect(card).toHaveAttribute('data-state', 'restricted');
  await expect(card.getByRole('heading', { name: 'Payouts are restricted' })).toBeVisible();
  await expect(card.getByText('Stripe rejected this account because of suspected fraud.')).toBeVisible();
  await expect(page.getByTestId('payouts-banner')).toBeVisible();
  await page.screenshot({ path: '/tmp/pay-connect/payouts-restricted.png', fullPage: true });
});

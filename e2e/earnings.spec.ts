import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { startStripeServer, type StripeServer } from '../src/server/test/stripe-server';
import { expect, test } from './fixtures';
import { decimalToMinor, fromStripeCurrency, type CurrencyCode } from '../src/shared/domain/currency';
import type { AdminPayments, Earnings, PayoutSummary } from '../src/shared/api/earnings';
import { DEMO, expectNoSeriousA11yViolations, money, uniqueEmail } from './helpers';

/**
 * Earnings, payouts and disputes in the browser (decision 039). Like e2e/payments.spec.ts, this
 * spec starts its own server with Stripe keys, its Stripe API pointed at the local Stripe-protocol
 * server (src/server/test/stripe-server.ts), which forwards signed webhook events to the app. The
 * demo provider onboards through the stand-in of Stripe's hosted onboarding, a traveler books and
 * pays by card (confirmed at the local server as Stripe.js would), the provider accepts (captured:
 * a destination charge), and the bank then disputes the payment.
 */
// +1 is the local OpenID provider of scripts/e2e-server.mjs; +2 this spec's server.
const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const baseURL = `http://127.0.0.1:${port}`;
const SHOTS = process.env.E2E_SCREENSHOTS;
let stripe: StripeServer;
let server: ChildProcess;
let dataDir: string;

test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stripe = await startStripeServer({ forwardWebhooksTo: `${baseURL}/api/webhooks/stripe` });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locora-e2e-earn-'));
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
    if (i > 340) throw new Error('the earnings server did not start');
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

async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

/** The currency of an account's balance (a Lisbon provider's: euros): payouts are listed in it. */
const currencyOf = (stripe: StripeServer, accountId: string) =>
  fromStripeCurrency(stripe.account(accountId).default_currency)!;

/** The demo provider onboards through the hosted-onboarding stand-in: their account is active. */
async function onboard(provider: APIRequestContext): Promise<string> {
  const start = await provider.post('/api/provider/payouts/account', { data: {} });
  expect(start.status(), await start.text()).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const link = new URL(url);
  const submit = await fetch(`${stripe.url}${link.pathname}?action=submit`, { redirect: 'manual' });
  expect(submit.status).toBe(303);
  await stripe.webhooksDelivered();
  const sync = await provider.post('/api/provider/payouts/account/sync', { data: {} });
  expect(sync.status(), await sync.text()).toBe(200);
  const account = (await sync.json()) as { state: string; accountId: string };
  expect(account.state).toBe('active');
  return account.accountId;
}

/** RFC 4180: quoted fields, doubled quotes, CRLF rows (the earnings CSV, read as a spreadsheet would). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/** A traveler books one of the demo provider's services and pays by card (authorised). */
async function bookAndPay(traveler: APIRequestContext, title: string) {
  const found = (await (await traveler.get(`/api/services?q=${encodeURIComponent(title)}`)).json()) as {
    id: string;
    title: string;
    minHours: number;
  }[];
  const service = found.find((s) => s.title === title)!;
  expect(service, title).toBeTruthy();
  const now = new Date();
  for (const offset of [0, 1, 2]) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
    const { days } = (await (
      await traveler.get(`/api/services/${service.id}/available-days?month=${month}&hours=${service.minHours}`)
    ).json()) as { days: string[] };
    for (const date of days) {
      const { slots } = (await (
        await traveler.get(`/api/services/${service.id}/slots?date=${date}&hours=${service.minHours}`)
      ).json()) as { slots: { start: string }[] };
      const slot = slots.find((x) => new Date(x.start).getTime() > Date.now() + 30 * 3_600_000);
      if (!slot) continue;
      const res = await traveler.post('/api/bookings', {
        data: { serviceId: service.id, start: slot.start, hours: service.minHours, address: 'Rua das Flores 12' },
      });
      if (res.status() === 409) continue;
      expect(res.status(), await res.text()).toBe(201);
      const booking = ((await res.json()) as { booking: { id: string; totalCents: number; currency: CurrencyCode } })
        .booking;
      const intent = await traveler.post('/api/create-payment-intent', { data: { bookingId: booking.id } });
      expect(intent.status(), await intent.text()).toBe(200);
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      const pi = clientSecret.split('_secret_')[0]!;
      // What Stripe.js sends when the traveler's card is confirmed in the page (e2e/payments.spec.ts does it in the browser).
      const confirm = await fetch(`${stripe.url}/v1/payment_intents/${pi}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: stripe.publishableKey,
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '4242424242424242',
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': String(now.getUTCFullYear() + 2),
          'payment_method_data[card][cvc]': '123',
        }).toString(),
      });
      expect(confirm.status, await confirm.text()).toBe(200);
      await stripe.webhooksDelivered();
      return { ...booking, pi, title };
    }
  }
  throw new Error('no free slot');
}

test('the Payouts tab: earnings per booking with totals, payouts from Stripe with a failure; the admin payments view with a dispute', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = await signedIn(browser, DEMO.provider.email, DEMO.provider.password);
  const accountId = await onboard(provider.request);
  // The cards charged this month before this journey's (the demo data's), for the admin's count below.
  const admin = await signedIn(browser, DEMO.admin.email, DEMO.admin.password);
  const chargesBefore = (
    (await (await admin.request.get('/api/admin/payments')).json()) as AdminPayments
  ).thisMonth.reduce((n, l) => n + l.payments, 0);

  const traveler = await browser.newContext({ baseURL });
  const signup = await traveler.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('earn-traveler'), password: 'earn-pass-12345', name: 'Erin Earns', role: 'TRAVELER' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const booking = await bookAndPay(traveler.request, 'Italian Dinner Party for Up to 8');
  const message = await traveler.request.post(`/api/bookings/${booking.id}/messages`, {
    data: { body: 'Looking forward to the dinner!' },
  });
  expect(message.ok(), await message.text()).toBe(true);
  // The provider accepts: the card is captured (a destination charge to their account).
  const accept = await provider.request.post(`/api/bookings/${booking.id}/accept`, { data: {} });
  expect(accept.status(), await accept.text()).toBe(200);
  await stripe.webhooksDelivered();

  // Payouts on the connected account, as Stripe lists them: one paid, one the bank refused.
  stripe.money.addPayout(accountId, { amount: 15000, status: 'paid' });
  stripe.money.addPayout(accountId, {
    amount: 4200,
    status: 'failed',
    failure_code: 'account_closed',
    failure_message: 'The bank account has been closed.',
  });

  const providerPage = await provider.newPage();
  await providerPage.goto('/dashboard/provider?tab=payouts');
  const earnings = providerPage
    .getByRole('heading', { name: 'Earnings' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  const row = earnings.getByTestId('earning-row').filter({ hasText: 'Erin Earns' });
  await expect(row).toBeVisible();
  const gross = money(booking.totalCents, booking.currency);
  await expect(row).toContainText(gross);
  await expect(row).toContainText('Captured');
  await expect(row).toContainText(booking.title);
  await expect(earnings.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/provider/earnings.csv',
  );
  await expect(earnings.getByRole('list', { name: 'Earnings totals' })).toContainText('All time');
  // The zone is named by the provider's base city, never by its IANA id.
  await expect(earnings).toContainText(/Dates in your time zone, Lisbon \(UTC(\+1)?\)\./);
  await expect(earnings).not.toContainText('Europe/');
  const payouts = providerPage
    .getByRole('heading', { name: 'Payouts', exact: true })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(payouts.getByTestId('payout-row')).toHaveCount(2);
  await expect(
    payouts.getByTestId('payout-row').filter({ hasText: money(15000, currencyOf(stripe, accountId)) }),
  ).toContainText('Paid');
  await expect(
    payouts.getByTestId('payout-row').filter({ hasText: money(4200, currencyOf(stripe, accountId)) }),
  ).toContainText('Failed');
  await expect(payouts.getByRole('alert')).toContainText('Stripe says: The bank account has been closed.');
  await expectNoSeriousA11yViolations(providerPage, 'the Payouts tab with earnings and payouts');

  // Your money, from the ledger: the four figures, one line per currency, each opening into its
  // bookings. The accepted booking's share is owed until it is completed; nothing is held yet.
  const figures = providerPage.getByTestId('payout-figures');
  await expect(figures.getByRole('heading', { name: 'Your money' })).toBeVisible();
  for (const name of ['Paid out', 'On its way', 'Owed after upcoming bookings complete', 'Held by disputes'])
    await expect(figures).toContainText(name);
  const summaryOf = async () => {
    const res = await provider.request.get('/api/provider/payouts/summary');
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as PayoutSummary;
  };
  let summary = await summaryOf();
  const owedLine = summary.owed.find((l) => l.bookings.some((b) => b.bookingId === booking.id))!;
  expect(owedLine).toBeDefined();
  const owedFigure = figures.getByTestId('payout-figure-owed');
  const owedOnScreen = owedFigure.locator(`details[data-currency="${owedLine.currency}"]`);
  await expect(owedOnScreen.locator('summary')).toContainText(money(owedLine.amountCents, owedLine.currency));
  await owedOnScreen.locator('summary').click();
  await expect(owedOnScreen.getByRole('listitem').filter({ hasText: booking.title }).first()).toBeVisible();
  await expect(figures.getByTestId('payout-figure-held')).toContainText('Nothing');
  await expect(figures.getByTestId('payout-figure-onItsWay')).toContainText('Nothing');
  await expectNoSeriousA11yViolations(providerPage, 'the Payouts tab with its figures open');

  // This month, labelled: earned (the services of the month) and charged (the cards charged in it).
  // The traveler was charged today, whatever the month of the dinner: "Charged" counts it now.
  const api = (await (await provider.request.get('/api/provider/earnings')).json()) as Earnings;
  const mine = api.rows.find((r) => r.bookingId === booking.id)!;
  const thisMonth = earnings.getByTestId('earnings-this-month');
  await expect(thisMonth).toContainText('Earned (by the service’s date)');
  await expect(thisMonth).toContainText('Charged (by the day the card was charged)');
  const chargedLine = thisMonth.getByTestId('earnings-this-month-charged');
  // The demo provider's own bookings charged this month (the demo data's) are on the line too.
  const charged = api.thisMonth.charged.find((l) => l.currency === booking.currency)!;
  expect(charged.grossCents).toBeGreaterThanOrEqual(mine.grossCents);
  await expect(chargedLine).toHaveCount(api.thisMonth.charged.length);
  await expect(chargedLine.filter({ hasText: money(charged.netCents, booking.currency) })).toContainText(
    `Net of ${money(charged.grossCents, booking.currency)} paid`,
  );
  // Payouts are dated on the provider's clock, and the zone is named, as the earnings are.
  await expect(payouts).toContainText(/Dates in your time zone, Lisbon \(UTC(\+1)?\)\./);
  await expect(payouts).not.toContainText('dates in UTC');

  // A second traveler's booking, accepted, then canceled by the provider: refunded in full. Its net
  // is what the provider kept, 0; the CSV's nets add up to the screen's totals.
  const traveler2 = await browser.newContext({ baseURL });
  const signup2 = await traveler2.request.post('/api/auth/signup', {
    data: { email: uniqueEmail('earn-refund'), password: 'earn-pass-12345', name: 'Rui Refund', role: 'TRAVELER' },
  });
  expect(signup2.status(), await signup2.text()).toBe(201);
  const second = await bookAndPay(traveler2.request, 'Italian Dinner Party for Up to 8');
  expect((await provider.request.post(`/api/bookings/${second.id}/accept`, { data: {} })).status()).toBe(200);
  await stripe.webhooksDelivered();
  const canceled = await provider.request.post(`/api/bookings/${second.id}/cancel`, { data: {} });
  expect(canceled.status(), await canceled.text()).toBe(200);
  await stripe.webhooksDelivered();
  await providerPage.reload();
  const refundedRow = earnings.getByTestId('earning-row').filter({ hasText: 'Rui Refund' });
  await expect(refundedRow).toContainText('Refunded');
  await expect(refundedRow.locator('td').nth(4)).toHaveText(money(second.totalCents, second.currency));
  await expect(refundedRow.locator('td').nth(6)).toHaveText(money(0, second.currency));
  const after = (await (await provider.request.get('/api/provider/earnings')).json()) as Earnings;
  const csv = parseCsv(
    (await (await provider.request.get('/api/provider/earnings.csv')).text()).replace(/^\uFEFF/, ''),
  );
  const header = csv[0]!;
  for (const total of after.allTime) {
    const nets = csv
      .slice(1)
      .filter((line) => line[header.indexOf('Currency')] === total.currency)
      .map((line) => decimalToMinor(line[header.indexOf('Net')]!, total.currency)!);
    expect(
      nets.reduce((a, b) => a + b, 0),
      total.currency,
    ).toBe(total.netCents);
  }
  await expect(earnings.getByTestId('earnings-all-time-earned').first()).toContainText(
    money(after.allTime[0]!.netCents, after.allTime[0]!.currency),
  );
  await traveler2.close();

  if (SHOTS) {
    await providerPage.screenshot({ path: `${SHOTS}/payouts-tab.png`, fullPage: true });
    await providerPage.emulateMedia({ colorScheme: 'dark' });
    await providerPage.setViewportSize({ width: 390, height: 844 });
    await providerPage.reload();
    // On a phone each booking is a card (the table is for wider screens).
    await expect(earnings.getByTestId('earning-card').filter({ hasText: 'Erin Earns' })).toBeVisible();
    await providerPage.screenshot({ path: `${SHOTS}/payouts-tab-phone-dark.png`, fullPage: true });
    await providerPage.emulateMedia({ colorScheme: 'light' });
    await providerPage.setViewportSize({ width: 1280, height: 720 });
  }

  // The traveler's bank disputes the payment (Stripe's event, signed, to the webhook).
  const dispute = stripe.money.openDispute(booking.pi, { reason: 'product_not_received' });
  const signed = stripe.sign(stripe.money.disputeEvent('charge.dispute.created', dispute.id));
  const delivered = await fetch(`${baseURL}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    body: signed.payload,
  });
  expect(delivered.status).toBe(200);
  await providerPage.reload();
  await expect(row).toContainText('Disputed');
  await expect(earnings.getByRole('alert')).toContainText(`A payment was disputed: ${booking.title}`);
  // Its share is held by the dispute now, not owed.
  summary = await summaryOf();
  const heldLine = summary.held.find((l) => l.bookings.some((x) => x.bookingId === booking.id))!;
  expect(heldLine).toBeDefined();
  const held = figures.getByTestId('payout-figure-held').locator(`details[data-currency="${heldLine.currency}"]`);
  await expect(held.locator('summary')).toContainText(money(heldLine.amountCents, heldLine.currency));
  await held.locator('summary').click();
  await expect(held.getByRole('listitem').filter({ hasText: booking.title }).first()).toBeVisible();

  // On a phone, in the dark theme: each booking is a card with every amount in view, and the
  // dispute notice reads at 4.5:1 or more.
  await providerPage.emulateMedia({ colorScheme: 'dark' });
  await providerPage.setViewportSize({ width: 375, height: 812 });
  await providerPage.reload();
  const card = earnings.getByTestId('earning-card').filter({ hasText: 'Erin Earns' });
  await expect(card).toBeVisible();
  await expect(row).toBeHidden();
  for (const word of ['Gross', 'Locora fee', 'Net', 'Disputed']) await expect(card).toContainText(word);
  await expect(card).toContainText(money(mine.netCents, booking.currency));
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expect(earnings.getByTestId('dispute-notice')).toBeVisible();
  await expectNoSeriousA11yViolations(providerPage, 'the Payouts tab on a phone, dark, with a dispute');
  await providerPage.emulateMedia({ colorScheme: 'light' });
  await providerPage.setViewportSize({ width: 1280, height: 720 });

  // The admin sees it in the payments view, with its deadline, and opens the booking's messages.
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/payments$/);
  await expect(adminPage.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  const item = adminPage.getByTestId('admin-dispute').filter({ hasText: booking.title });
  await expect(item).toContainText('Needs a response');
  await expect(item).toContainText('Evidence due by');
  await expect(adminPage.getByRole('heading', { name: /This month/ })).toBeVisible();
  // This month counts the cards charged this month (both bookings were charged today, beside the
  // demo data's), one line per currency, from the ledger.
  const adminApi = (await (await admin.request.get('/api/admin/payments')).json()) as AdminPayments;
  const charges = adminApi.thisMonth.reduce((n, l) => n + l.payments, 0);
  expect(charges - chargesBefore).toBe(2);
  const month = adminPage.getByTestId('platform-totals').filter({ hasText: 'This month' });
  await expect(month).toContainText(`${charges} captured card payments`);
  await expect(month.getByTestId('platform-totals-currency')).toHaveCount(adminApi.thisMonth.length);
  const line = adminApi.thisMonth.find((l) => l.currency === booking.currency)!;
  await expect(month.getByRole('region', { name: booking.currency, exact: true })).toContainText(
    `${line.payments} payments`,
  );
  await expect(adminPage.getByRole('heading', { name: /Last month/ })).toBeVisible();
  await expect(adminPage.getByRole('heading', { name: 'Payouts not ready' })).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'the admin payments view');
  if (SHOTS) await adminPage.screenshot({ path: `${SHOTS}/admin-payments.png`, fullPage: true });
  await item.getByRole('link', { name: 'Booking and messages' }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/payments/bookings/${booking.id}$`));
  await expect(adminPage.getByTestId('admin-booking-message')).toContainText('Looking forward to the dinner!');
  await expectNoSeriousA11yViolations(adminPage, 'the admin booking view');

  // The admin answers it with evidence from the disputes list (open ones by their deadline): the
  // text and the booking's messages go to Stripe, once.
  await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/disputes$/);
  const open = adminPage.getByTestId('dispute').filter({ hasText: booking.title });
  await expect(open.getByText(/^Evidence due by /)).toBeVisible();
  await expect(open.getByText('Needs a response')).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage, 'the admin disputes list');
  await open.getByRole('button', { name: 'Answer with evidence' }).click();
  const evidence = adminPage.getByRole('dialog', { name: `Answer the dispute of ${booking.title}` });
  await expect(evidence.getByRole('checkbox', { name: 'Include the booking’s messages' })).toBeChecked();
  await expect(evidence.getByRole('button', { name: 'Submit evidence' })).toBeDisabled();
  await evidence
    .getByLabel('What happened')
    .fill('The provider cooked the dinner on the booked evening, at the address the traveler gave.');
  await expectNoSeriousA11yViolations(adminPage, 'the evidence dialog');
  if (SHOTS) await adminPage.screenshot({ path: `${SHOTS}/admin-dispute-evidence.png` });
  await evidence.getByRole('button', { name: 'Submit evidence' }).click();
  await expect(evidence).toBeHidden();
  await expect(open.getByText(/^Evidence submitted on /)).toBeVisible();
  await expect(open.getByText('Under review')).toBeVisible();
  await expect(open.getByRole('button', { name: 'Answer with evidence' })).toHaveCount(0);
  const atStripe = stripe.money.disputes.get(dispute.id)!;
  expect(atStripe.evidence_details.submission_count).toBe(1);
  expect(atStripe.evidence!.uncategorized_text).toContain('Looking forward to the dinner!');
  await adminPage.setViewportSize({ width: 375, height: 800 });
  await expect(open).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (SHOTS) await adminPage.screenshot({ path: `${SHOTS}/admin-disputes-375.png`, fullPage: true });
  await adminPage.setViewportSize({ width: 1280, height: 900 });

  // Lost: Locora's loss, with the amount.
  stripe.money.setDisputeStatus(dispute.id, 'lost');
  const closed = stripe.sign(stripe.money.disputeEvent('charge.dispute.closed', dispute.id));
  const closedRes = await fetch(`${baseURL}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': closed.signature },
    body: closed.payload,
  });
  expect(closedRes.status).toBe(200);
  await adminPage.goto('/admin/payments');
  const lost = adminPage.getByTestId('admin-dispute').filter({ hasText: booking.title });
  await expect(lost).toContainText('Locora’s loss by default');
  await expect(lost).toContainText(money(booking.totalCents + 1500, booking.currency));
  await Promise.all([provider.close(), traveler.close(), admin.close()]);
});

import type { APIRequestContext, Page } from '@playwright/test';
import type { StripeServer } from '../src/server/test/stripe-server';

/**
 * Stripe's hosted onboarding (https://connect.stripe.com) answered by the local Stripe server's
 * stand-in page, which moves the account and redirects back to the app (decision 038).
 */
export async function routeStripeOnboarding(page: Page, stripe: StripeServer) {
  await page.route('https://connect.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const res = await fetch(`${stripe.url}${url.pathname}${url.search}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    if (location) return route.fulfill({ status: 303, headers: { location } });
    return route.fulfill({ status: res.status, contentType: 'text/html', body: await res.text() });
  });
}

/**
 * Onboards a provider (signed in on `request`) through the API and the onboarding stand-in, as the
 * Payouts tab does: with keys set, a provider is booked only once their account is active.
 */
export async function onboardThroughApi(request: APIRequestContext, stripe: StripeServer) {
  stripe.setOnboardingOutcome('active');
  const setUp = await request.post('/api/provider/payouts/account', { data: {} });
  if (!setUp.ok()) throw new Error(`Set up payouts failed: ${setUp.status()} ${await setUp.text()}`);
  const { url } = (await setUp.json()) as { url: string };
  const page = new URL(url);
  await fetch(`${stripe.url}${page.pathname}?action=submit`, { redirect: 'manual' });
  await stripe.webhooksDelivered();
  const synced = await request.post('/api/provider/payouts/account/sync');
  const view = (await synced.json()) as { state: string };
  if (view.state !== 'active') throw new Error(`the provider's payouts account is ${view.state}`);
}

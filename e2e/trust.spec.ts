/**
 * Trust between strangers, in the browser (decisions 050 and 051): a completed booking's blind
 * reviews (neither side reads the other's until both wrote), both revealed together, answered in
 * public; a message reported, reaching the admin's queue, acted on through to a suspension the
 * person meets at sign-in, then lifted; contact details in an inquiry hidden, and the sender told;
 * once the two have a confirmed booking, passed as typed.
 * Screenshots of the new screens (light and dark, wide and 375 px) go to SCREENSHOT_DIR when set.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshotTo, uniqueEmail } from './helpers';

test.describe.configure({ mode: 'serial' });
// Long journeys of several people on a shared machine: slow is not wrong.
test.setTimeout(240_000);

async function signInApi(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Someone else in a browser context of their own, signed in through the API. */
async function person(browser: Browser, who: { email: string; password: string }, width = 1280) {
  const context = await browser.newContext({ timezoneId: 'Europe/Lisbon', viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInApi(page.request, who);
  return { context, page };
}

/**
 * Light and dark, as the page is now: the theme is applied as the header's toggle applies it (the
 * class and the colour scheme of <html>), so a page with a dialog open is shot too.
 */
async function shots(page: Page, name: string) {
  const theme = (dark: boolean) =>
    page.evaluate((on) => {
      document.documentElement.classList.toggle('dark', on);
      document.documentElement.style.colorScheme = on ? 'dark' : 'light';
    }, dark);
  await screenshotTo(page, `${name}-light`);
  await theme(true);
  await expectNoSeriousA11yViolations(page, `${name} (dark)`);
  await screenshotTo(page, `${name}-dark`);
  await theme(false);
}

type TravelerBooking = {
  id: string;
  status: string;
  service: { id: string; title: string; provider: { displayName: string } };
  review: { id: string; text: string; publishedAt?: string | null } | null;
  providerReview?: { id: string; text: string } | null;
};

test.describe('blind reviews both ways', () => {
  const providerText = `Tess was on time and lovely to cook with (${Date.now().toString(36)})`;
  const travelerAnswer = `Thank you Paolo, I will practise the ravioli!`;
  const providerAnswer = `Grazie Tess, come back for the tasting menu.`;

  test('after a completed booking: neither reads the other’s review until both wrote; then both are shown, and answered', async ({
    page,
    browser,
  }) => {
    // The demo traveler's pasta class with the demo provider, two days ago: COMPLETED, 12 days left to review.
    await signInApi(page.request, DEMO.traveler);
    const past = (await (await page.request.get('/api/bookings?status=past')).json()) as TravelerBooking[];
    const booking = past.find((b) => b.status === 'COMPLETED' && b.service.title === 'Handmade Pasta Class');
    expect(booking, 'the demo traveler’s completed pasta class').toBeTruthy();
    const b = booking!;
    expect(b.providerReview ?? null, 'the provider has not reviewed her yet').toBeNull();

    // The traveler writes hers first (on her booking page, unless she already did on the dashboard).
    let travelerText = b.review?.text;
    if (!travelerText) {
      travelerText = `Paolo's pasta class was the best afternoon of the trip (${Date.now().toString(36)})`;
      await visit(page, `/dashboard/traveler/bookings/${b.id}`);
      await page.getByRole('button', { name: 'Write Review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a Review' });
      await expect(dialog.getByText('Neither of you reads the other’s review until both are written.')).toBeVisible();
      await dialog.getByLabel('Your review').fill(travelerText);
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await expect(page.getByText('Review submitted!').first()).toBeVisible();
    }
    // Hers is not published: the page says when it will be.
    await visit(page, `/dashboard/traveler/bookings/${b.id}`);
    await expect(
      page.getByText(
        `Your review is published when ${b.service.provider.displayName} has written theirs, or when the review period ends.`,
      ),
    ).toBeVisible();
    // She reads her own review as she wrote it (its author always does).
    await expect(page.getByRole('region', { name: 'Reviews' }).getByText(travelerText)).toBeVisible();
    // Not on the service page either.
    await visit(page, `/service/${b.service.id}`);
    await expect(page.getByText(travelerText)).toHaveCount(0);

    // The provider: told she reviewed him, not what she wrote.
    const provider = await person(browser, DEMO.provider);
    await visit(provider.page, '/dashboard/provider?tab=bookings');
    const card = provider.page.locator(`[data-testid="provider-booking"][data-booking-id="${b.id}"]`);
    await expect(card.getByText('Tess Traveler reviewed you. Write yours to read it.')).toBeVisible();
    await expect(card.getByText(travelerText)).toHaveCount(0);
    await card.getByRole('button', { name: 'Review Tess Traveler' }).click();
    const dialog = provider.page.getByRole('dialog', { name: 'Review Tess Traveler' });
    await expect(dialog.getByRole('radio', { name: '5 stars' })).toBeChecked();
    // A click on the fourth star, as a person does (the radio itself is visually hidden).
    await dialog.locator('label', { has: provider.page.getByRole('radio', { name: '4 stars' }) }).click();
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await dialog.getByLabel('Your review of Tess Traveler').fill(providerText);
    await expectNoSeriousA11yViolations(provider.page, 'the provider’s review dialog');
    await screenshotTo(provider.page, 'trust-review-traveler-dialog');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog).toBeHidden();

    // Both written: both published together. The provider now reads hers, and answers it in public.
    await expect(card.getByText('Tess Traveler’s review of your service')).toBeVisible();
    await expect(card.getByText(travelerText)).toBeVisible();
    await expect(card.getByText('Your review of Tess Traveler')).toBeVisible();
    await expect(card.getByText(providerText)).toBeVisible();
    await card.getByLabel('Answer publicly').fill(providerAnswer);
    await card.getByRole('button', { name: 'Publish answer' }).click();
    // The toast is on screen before the page is judged (axe waits for its fade-in to end).
    await expect(provider.page.getByText('Answer published', { exact: true })).toBeVisible();
    await expect(card.getByText(`Response from ${b.service.provider.displayName}`)).toBeVisible();
    await expect(card.getByText(providerAnswer)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Edit answer' })).toBeVisible();
    await expectNoSeriousA11yViolations(provider.page, 'the provider’s booking with both reviews');
    await card.scrollIntoViewIfNeeded();
    await shots(provider.page, 'trust-provider-booking-reviews');

    // The traveler reads his review of her, and answers it.
    await visit(page, `/dashboard/traveler/bookings/${b.id}`);
    const theirs = page.getByRole('region', { name: 'Reviews' });
    await expect(theirs.getByText(`${b.service.provider.displayName}’s review of you`)).toBeVisible();
    // Her review, with his answer under it; then his review of her, which she answers.
    const hers = theirs.getByTestId('published-review').filter({ hasText: 'Your review' });
    await expect(hers.getByText(travelerText)).toBeVisible();
    await expect(hers.getByText(providerAnswer)).toBeVisible();
    await expect(theirs.getByText(providerText)).toBeVisible();
    await expect(theirs.getByText(providerAnswer)).toBeVisible();
    await theirs.getByLabel('Answer publicly').fill(travelerAnswer);
    await theirs.getByRole('button', { name: 'Publish answer' }).click();
    await expect(page.getByText('Answer published', { exact: true })).toBeVisible();
    await expect(theirs.getByText(travelerAnswer)).toBeVisible();
    await expect(theirs.getByText('Response from Tess Traveler')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the traveler’s booking with both reviews');
    await shots(page, 'trust-traveler-booking-reviews');

    // On the service page for everyone: her review, with his answer under it.
    const visitor = await browser.newContext();
    const anon = await visitor.newPage();
    await visit(anon, `/service/${b.service.id}`);
    const review = anon.locator('li', { hasText: travelerText });
    await expect(review.getByText(`Response from ${b.service.provider.displayName}`)).toBeVisible();
    await expect(review.getByText(providerAnswer)).toBeVisible();
    // A visitor is not offered Report (they sign in first).
    await expect(review.getByRole('button', { name: 'Report' })).toHaveCount(0);
    await visitor.close();

    // On a phone.
    const phone = await person(browser, DEMO.traveler, 375);
    await visit(phone.page, `/dashboard/traveler/bookings/${b.id}`);
    await expect(phone.page.getByText(travelerAnswer)).toBeVisible();
    await expectNoHorizontalScroll(phone.page, 'the traveler’s booking with reviews (375 px)');
    await phone.page.getByRole('region', { name: 'Reviews' }).scrollIntoViewIfNeeded();
    await shots(phone.page, 'trust-traveler-booking-reviews-375');
    await phone.context.close();
    await provider.context.close();
  });
});

test.describe('reports, the admin queue and suspension', () => {
  test('a message with a phone number is masked for the provider and the sender is told; reported, it reaches the queue; the admin suspends; sign-in says so; lifted', async ({
    page,
    browser,
  }) => {
    // A new traveler asks the demo provider about a service.
    const email = uniqueEmail('trust');
    const password = 'trust-journey-pass-1';
    const signup = await page.request.post('/api/auth/signup', {
      data: { email, password, name: 'Rex Rude', role: 'TRAVELER' },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const services = (await (await page.request.get('/api/services?q=Tasting')).json()) as {
      id: string;
      title: string;
    }[];
    const service = services.find((s) => s.title === 'Italian–Portuguese Tasting Menu')!;
    const started = await page.request.post(`/api/services/${service.id}/inquiry`, {
      data: { body: 'Hi, is the tasting menu good for 4 people?' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;

    // In the thread, a phone number: sent masked, and the sender is told what was hidden and why.
    await visit(page, `/messages?conversation=${conversationId}`);
    const rude = 'Pay me cash instead and text me on +351 912 345 678, or else.';
    await page.getByRole('textbox', { name: 'Message' }).fill(rude);
    await page.getByRole('button', { name: 'Send' }).click();
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Contact details are shared once the booking is confirmed' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('+351 912 345 678')).toBeVisible();
    await expect(notice.getByText('(phone number)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the sender told what was hidden');
    await shots(page, 'trust-masked-notice');

    // The provider receives it masked, and reports it.
    const provider = await person(browser, DEMO.provider);
    await visit(provider.page, `/messages?conversation=${conversationId}`);
    const received = provider.page.getByTestId('message').filter({ hasText: 'Pay me cash instead' });
    await expect(received).toContainText('[contact details are shared once the booking is confirmed]');
    await expect(received).not.toContainText('912 345 678');
    await received.focus();
    await received.getByRole('button', { name: 'Report' }).click();
    const report = provider.page.getByRole('dialog', { name: 'Report this message' });
    await expect(report.getByRole('button', { name: 'Send report' })).toBeDisabled();
    await report.getByRole('radio', { name: 'Fraud or payment outside Locora' }).check();
    await report.getByLabel('What happened? (optional)').fill('Asked me to take cash and threatened me.');
    await expectNoSeriousA11yViolations(provider.page, 'the report dialog');
    await shots(provider.page, 'trust-report-dialog');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(provider.page.getByText('Report sent').first()).toBeVisible();
    // Once per item: a second report is refused plainly.
    await received.focus();
    await received.getByRole('button', { name: 'Report' }).click();
    await report.getByRole('radio', { name: 'Harassment' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(
      provider.page.getByText('You have reported this already. Our team is looking into it.').first(),
    ).toBeVisible();

    // The admin's queue: the report with the thread in context, what was typed shown to the admin only.
    const admin = await person(browser, DEMO.admin);
    await visit(admin.page, '/admin/reports');
    await expect(admin.page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const item = admin.page.getByTestId('admin-report').filter({ hasText: 'Paolo Rossi reported Rex Rude' });
    await expect(item).toBeVisible();
    await expect(item.getByText('Fraud or payment outside Locora')).toBeVisible();
    await expect(item.getByText('Asked me to take cash and threatened me.')).toBeVisible();
    await expect(item.getByText('As typed (masked for the other side):')).toBeVisible();
    await expect(item.getByText(rude, { exact: false }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(admin.page, '/admin/reports');
    await shots(admin.page, 'trust-admin-reports');

    // Suspended, with a reason.
    await item.getByLabel('Action').selectOption('suspend');
    await item.getByLabel('Reason (kept in the audit log)').fill('Off-platform payment and threats');
    await item.getByRole('button', { name: 'Apply' }).click();
    await expect(admin.page.getByText('Report resolved').first()).toBeVisible();
    const suspendedRow = admin.page.getByTestId('suspended-user').filter({ hasText: email });
    await expect(suspendedRow).toBeVisible();
    await expect(suspendedRow.getByText('Off-platform payment and threats')).toBeVisible();

    // The traveler's session ended; signing in says plainly the account is suspended and how to appeal.
    await expect.poll(async () => (await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.context().clearCookies();
    await visit(page, '/auth/signin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByTestId('suspended-alert');
    await expect(alert.getByText('Account suspended')).toBeVisible();
    await expect(alert.getByText(/To appeal, reply to that email/)).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/signin/);
    await expectNoSeriousA11yViolations(page, 'sign-in refused for a suspended account');
    await shots(page, 'trust-suspended-signin');

    // Lifted: the traveler signs in again.
    await suspendedRow.getByLabel('Why lift it (kept in the audit log)').fill('Appeal accepted after a call');
    await suspendedRow.getByRole('button', { name: 'Lift suspension' }).click();
    await expect(admin.page.getByText('Suspension lifted').first()).toBeVisible();
    await expect(admin.page.getByTestId('suspended-user').filter({ hasText: email })).toHaveCount(0);
    const again = await page.request.post('/api/auth/login', { data: { email, password } });
    expect(again.status(), await again.text()).toBe(200);

    // The queue on a phone.
    await admin.page.setViewportSize({ width: 375, height: 800 });
    await visit(admin.page, '/admin/reports');
    await expectNoHorizontalScroll(admin.page, '/admin/reports (375 px)');
    await shots(admin.page, 'trust-admin-reports-375');
    await admin.context.close();
    await provider.context.close();
  });
});

test.describe('contact details once a booking between the two is confirmed', () => {
  test('pass unmasked: the demo traveler, who has had a confirmed booking with the demo provider, sends her number', async ({
    page,
    browser,
  }) => {
    await signInApi(page.request, DEMO.traveler);
    const upcoming = (await (await page.request.get('/api/bookings?status=upcoming')).json()) as TravelerBooking[];
    const dinner = upcoming.find((b) => b.service.title === 'Italian Dinner Party for Up to 8');
    expect(dinner, 'her request for the demo provider’s dinner party').toBeTruthy();
    await visit(page, `/messages?booking=${dinner!.id}`);
    const text = `Call me on +351 912 000 111 when you are at the door (${Date.now().toString(36)})`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Contact details are shared' })).toHaveCount(0);

    const provider = await person(browser, DEMO.provider);
    await visit(provider.page, `/messages?booking=${dinner!.id}`);
    await expect(provider.page.getByTestId('message').filter({ hasText: text })).toContainText('+351 912 000 111');
    await provider.context.close();
  });
});

import { expect, test, type Page } from './fixtures';
import { DEMO, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshotTo, uniqueEmail } from './helpers';

/**
 * Journeys in Japanese and Thai: the words on screen, the page's language, the API's answers and
 * the account's language follow the URL's prefix; phone-width screenshots in dark theme (under
 * SCREENSHOT_DIR) of the translated screens in ja, th and pt-BR, never wider than the phone, each
 * with no serious accessibility violation (axe) in its language.
 */

const PHONE = { width: 375, height: 812 };
const CHECKOUT_HEADING = { ja: '予約手続き', th: 'ชำระเงิน', 'pt-BR': 'Finalizar reserva' } as const;
/** The payment card as the demo (no Stripe keys) shows it, and its first words in each language. */
const PAYMENT_NOT_CONFIGURED = {
  ja: '決済処理が設定されていません。',
  th: 'ยังไม่ได้ตั้งค่าการประมวลผลการชำระเงิน',
  'pt-BR': 'O processamento de pagamentos não está configurado.',
} as const;
/** The availability week's heading ('Week of Mar 8, 2026') in each language. */
const WEEK_OF = { ja: /^\d{4}年\d{1,2}月\d{1,2}日 の週$/, th: /^สัปดาห์ของ \d/, 'pt-BR': /^Semana de \d/ } as const;
/** English that a translated page must not show (what src/shared used to write). */
const ENGLISH_LEFTOVERS = [
  'Payment processing is not configured.',
  'Please add Stripe API keys',
  'Cancellation policy:',
  'Week of',
  'Traveler pays',
  'You receive',
  'Respond within',
];

async function darkPhone(page: Page) {
  await page.setViewportSize(PHONE);
  // No theme chosen: the page follows the system's, as public/theme-init.js reads it before paint.
  await page.emulateMedia({ colorScheme: 'dark' });
}

test('in Japanese: the home page, a search kept in Japanese, and a refused sign-in told in Japanese', async ({
  page,
}) => {
  await page.goto('/ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('どの街でも、信頼できる地元のサービスを予約');
  await expect(page.getByRole('heading', { name: '旅行者が Locora を選ぶ理由' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'マッサージ' }).first()).toBeVisible();

  await page.getByLabel('サービス', { exact: true }).fill('yoga');
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await expect(page).toHaveURL(/\/ja\/browse\?q=yoga$/);

  // A service page: our words in Japanese, the provider's as they wrote them.
  await page.goto('/ja');
  await page.getByTestId('service-card').first().getByRole('heading').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'このサービスについて' })).toBeVisible();
  // The provider's measured response time, in Japanese (the figure follows the demo data).
  await expect(page.getByText(/^(\d+(分|時間|日)以内に返信|新着|ほとんど返信なし)$/)).toBeVisible();

  await page.goto('/ja/auth/signin');
  await expect(page.getByRole('heading', { name: 'おかえりなさい' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(DEMO.traveler.email);
  await page.getByLabel('パスワード').fill('not the password');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(
    page.getByText('メールアドレスまたはパスワードが正しくありません。もう一度お試しください。', { exact: true }),
  ).toBeVisible();

  // The API answers the page's language (X-Locale), its code in English.
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': 'ja' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    });
    return (await res.json()) as { code: string; message: string };
  });
  expect(answer).toMatchObject({ code: 'UNAUTHORIZED', message: 'メールアドレスまたはパスワードが正しくありません。' });
});

test('in Thai: categories and prices in Thai, and a new account made on a Thai page is a Thai account', async ({
  page,
}) => {
  await page.goto('/th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('จองบริการท้องถิ่นที่ไว้ใจได้ในทุกเมือง');
  await expect(page.getByRole('link', { name: 'นวด' }).first()).toBeVisible();
  await expect(page.getByTestId('service-card').first()).toContainText(/ต่อ(ชั่วโมง|ครั้ง|วัน)/);
  await expect(page.getByRole('contentinfo')).toContainText('เที่ยวแบบคนท้องถิ่น');

  await page.goto('/th/auth/signup');
  await expect(page.getByRole('heading', { name: 'สร้างบัญชีของคุณ' })).toBeVisible();
  await page.getByLabel('ชื่อ-นามสกุล').fill('สมหญิง รักเที่ยว');
  await page.getByLabel('อีเมล').fill(uniqueEmail('thai'));
  await page.getByLabel('รหัสผ่าน').fill('correct horse battery');
  await page.getByRole('button', { name: 'สร้างบัญชี', exact: true }).click();
  await expect(page).toHaveURL(/\/th\/browse$/);
  const me = await page.evaluate(
    async () => (await (await fetch('/api/auth/me')).json()) as { user: { language: string } },
  );
  expect(me.user.language).toBe('th');
});

for (const locale of ['ja', 'th', 'pt-BR'] as const) {
  test(`at phone width in dark theme, ${locale}: home, browse, a service, sign-in and sign-up fit the screen`, async ({
    page,
  }) => {
    // Five pages, three of them checked by axe: three times the default budget.
    test.slow();
    await darkPhone(page);
    await page.goto(`/${locale}`);
    // A service page of the demo data: the first card's.
    const service = await page.getByTestId('service-card').first().getByRole('link').first().getAttribute('href');
    expect(service).toMatch(new RegExp(`^/${locale}/service/`));
    for (const [name, path] of [
      ['home', `/${locale}`],
      ['browse', `/${locale}/browse`],
      ['service', service!],
      ['signin', `/${locale}/auth/signin`],
      ['signup', `/${locale}/auth/signup?role=provider`],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(/dark/);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectNoHorizontalScroll(page, `${name} in ${locale}`);
      if (name !== 'signin' && name !== 'signup') await expectNoSeriousA11yViolations(page, `${name} in ${locale}`);
      await screenshotTo(page, `${locale}-${name}-375-dark`);
    }
  });

  test(`at phone width in dark theme, ${locale}: checkout fits the screen, every word in the page's language`, async ({
    page,
  }) => {
    await darkPhone(page);
    // Signed in as the demo traveler (through the API: the form's words are the page's).
    const login = await page.request.post('/api/auth/login', {
      data: { email: DEMO.traveler.email, password: DEMO.traveler.password },
    });
    expect(login.ok()).toBe(true);
    await page.goto(`/${locale}`);
    const service = await page.getByTestId('service-card').first().getByRole('link').first().getAttribute('href');
    await page.goto(service!.replace('/service/', '/checkout/'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CHECKOUT_HEADING[locale]);
    await expect(page.getByText(PAYMENT_NOT_CONFIGURED[locale], { exact: true })).toBeVisible();
    for (const english of ENGLISH_LEFTOVERS) await expect(page.getByRole('main')).not.toContainText(english);
    await expectNoHorizontalScroll(page, `checkout in ${locale}`);
    await expectNoSeriousA11yViolations(page, `checkout in ${locale}`);
    await screenshotTo(page, `${locale}-checkout-375-dark`);
  });

  test(`at phone width in dark theme, ${locale}: the provider dashboard, its requests and its week`, async ({
    page,
  }) => {
    // Three tabs checked by axe: three times the default budget.
    test.slow();
    await darkPhone(page);
    const login = await page.request.post('/api/auth/login', {
      data: { email: DEMO.provider.email, password: DEMO.provider.password },
    });
    expect(login.ok()).toBe(true);
    await page.goto(`/${locale}/dashboard/provider`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('provider-greeting')).toBeVisible();
    await expectNoHorizontalScroll(page, `provider dashboard in ${locale}`);
    await expectNoSeriousA11yViolations(page, `provider dashboard in ${locale}`);
    await screenshotTo(page, `${locale}-provider-dashboard-375-dark`);

    // The requests: the money, the payment and the time left in the page's language.
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByTestId('provider-booking').first()).toBeVisible();
    await expectNoHorizontalScroll(page, `provider requests in ${locale}`);
    await expectNoSeriousA11yViolations(page, `provider requests in ${locale}`);
    await screenshotTo(page, `${locale}-provider-requests-375-dark`);
    for (const english of ENGLISH_LEFTOVERS) await expect(page.getByRole('main')).not.toContainText(english);

    // The week: its heading, its days and dates in the page's language.
    await page.getByRole('tab').nth(2).click();
    await expect(page.locator('#availability-week-heading')).toHaveText(WEEK_OF[locale]);
    await expectNoHorizontalScroll(page, `provider week in ${locale}`);
    await expectNoSeriousA11yViolations(page, `provider week in ${locale}`);
    await screenshotTo(page, `${locale}-provider-week-375-dark`);
    for (const english of ENGLISH_LEFTOVERS) await expect(page.getByRole('main')).not.toContainText(english);
    for (const day of ['Sunday', 'Monday', 'Saturday']) await expect(page.getByRole('main')).not.toContainText(day);
  });
}

test('signed in as the demo traveler: the dashboard in Japanese and the settings in Brazilian Portuguese', async ({
  page,
}) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO.traveler.email, password: DEMO.traveler.password },
  });
  expect(login.ok()).toBe(true);

  await page.goto('/ja/dashboard/traveler');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('マイダッシュボード');
  const main = page.getByRole('main');
  await expect(main).toContainText('今後の予約');
  await expect(main).toContainText('保存したサービス');
  await expect(page.getByRole('tab', { name: '過去' })).toBeVisible();
  // The demo traveler has bookings: their cards speak Japanese too.
  await expect(page.getByTestId('traveler-booking').first()).toContainText('会話を開く');
  for (const english of ['My Dashboard', 'Upcoming Bookings', 'Saved Services', 'Welcome back', 'Open conversation'])
    await expect(main).not.toContainText(english);
  await screenshotTo(page, 'ja-traveler-dashboard');

  await page.goto('/pt-BR/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações');
  for (const heading of ['Perfil', 'Moeda', 'Endereço de e-mail', 'Senha', 'Sessões'])
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  for (const english of ['Settings', 'Profile', 'Currency', 'Email address', 'Password', 'Sessions'])
    await expect(page.getByRole('heading', { name: english, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Atualizar senha' })).toBeVisible();
  await screenshotTo(page, 'pt-BR-settings');
});

test('signed in as the demo provider: the provider dashboard in Spanish, its tabs, headings and numbers', async ({
  page,
}) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: DEMO.provider.email, password: DEMO.provider.password },
  });
  expect(login.ok()).toBe(true);

  await page.goto('/es/dashboard/provider');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel de proveedor');
  await expect(page.getByTestId('provider-greeting')).toContainText('Gestiona tus servicios y reservas.');
  for (const tab of ['Servicios', 'Solicitudes de reserva', 'Disponibilidad', 'Perfil', 'Cobros'])
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  const numbers = page.getByRole('list', { name: 'Tus cifras' });
  for (const label of ['Solicitudes pendientes', 'Puntuación', 'Ingresos']) await expect(numbers).toContainText(label);
  await expect(page.getByRole('heading', { level: 2, name: 'Tus servicios' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear servicio' })).toBeVisible();

  await page.getByRole('tab', { name: 'Solicitudes de reserva', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Solicitudes de reserva' })).toBeVisible();
  await page.getByRole('tab', { name: 'Perfil', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Perfil público' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Verificación de identidad' })).toBeVisible();

  const main = page.getByRole('main');
  for (const english of ['Provider Dashboard', 'Booking Requests', 'Availability', 'Pending Requests'])
    await expect(main).not.toContainText(english);
  for (const english of ['Your services', 'Public profile', 'Identity verification'])
    await expect(page.getByRole('heading', { name: english, exact: true })).toHaveCount(0);
});

test("a Bali healer's profile names the languages he speaks in Japanese, Thai and Portuguese, as the server did", async ({
  page,
}) => {
  // Browsers' language data has no Balinese (Node's has): the name is Locora's own, the same on
  // both sides, or the page would not hydrate (the fixture fails on the mismatch).
  const services = (await (await page.request.get('/api/services?city=Bali')).json()) as {
    provider: { userId: string; displayName: string };
  }[];
  const healer = services.find((s) => s.provider.displayName === 'Made Suardana Balinese Healing');
  expect(healer).toBeDefined();
  for (const [locale, balinese] of [
    ['ja', 'バリ語'],
    ['th', 'บาหลี'],
    ['pt-BR', 'Balinês'],
  ] as const) {
    await page.goto(`/${locale}/provider/${healer!.provider.userId}`);
    await expect(page.getByRole('main').getByText(balinese, { exact: true })).toBeVisible();
  }
});

import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function ctx(who, width, dark) {
  const c = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? 'dark' : 'light', timezoneId: 'Europe/Lisbon' });
  if (who) {
    const r = await c.request.post(base + '/api/auth/login', { data: { email: who, password: 'locora-demo-2026' } });
    if (r.status() !== 200) throw new Error('login ' + who + ' ' + r.status());
  }
  return c;
}
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const c = await ctx(s.who, s.width ?? 1280, s.dark);
  const p = await c.newPage();
  await p.goto(base + s.url);
  await p.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  if (s.dark) await p.evaluate(() => { document.documentElement.classList.add('dark'); document.documentElement.style.colorScheme = 'dark'; });
  await p.waitForTimeout(s.wait ?? 1500);
  if (s.click) { await p.getByRole(s.click.role, { name: s.click.name }).first().click(); await p.waitForTimeout(1200); }
  await p.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: !!s.full });
  await c.close();
  console.log('shot', s.name);
}
await browser.close();

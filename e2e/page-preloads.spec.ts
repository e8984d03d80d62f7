import { expect, test } from './fixtures';

type LazyModules = { files: string[]; modules: Record<string, number[]> };
type Featured = { id: string; title: string }[];

/**
 * A page reached by a click in the browser loads its files side by side: the build's map
 * (/lazy-modules.json, fetched once the first page is live) names them, and each is preloaded with
 * the page's chunk, so no file waits for the one that imports it (vite.config.ts, lazyModulesMap;
 * src/client/lib/preload-modules.ts).
 */
test('going to a service page from home preloads every file of the page from the build map', async ({
  page,
  request,
}) => {
  const mapResponse = await request.get('/lazy-modules.json');
  expect(mapResponse.ok()).toBe(true);
  expect(mapResponse.headers()['cache-control']).toBe('no-cache');
  const map = (await mapResponse.json()) as LazyModules;
  const servicePage = map.modules['pages/service-detail.tsx'] ?? [];
  expect(servicePage.length).toBeGreaterThan(1);
  const expected = servicePage.map((index) => `/${map.files[index]}`);

  const [service] = (await (await request.get('/api/services/featured')).json()) as Featured;
  expect(service).toBeDefined();

  const mapFetched = page.waitForRequest((req) => req.url().endsWith('/lazy-modules.json'));
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  // The first page's own files came with its HTML; the map is fetched once it is live.
  await mapFetched;
  await page.waitForLoadState('networkidle');
  const before = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(before.filter((href) => expected.includes(href))).toEqual([]);

  await page.getByRole('link', { name: service!.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: service!.title })).toBeVisible();
  const after = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(expected.filter((href) => !after.includes(href))).toEqual([]);
});

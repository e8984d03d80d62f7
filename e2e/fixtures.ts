import { expect, test as base } from '@playwright/test';

/**
 * Pages are server-rendered: they are on screen before React has hydrated them, and a click
 * before then does nothing. Every `page.goto` here also waits until the app has hydrated
 * (main.tsx marks <html data-hydrated>), and fails on any console error or uncaught exception,
 * so a hydration mismatch breaks the journey that meets it.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A failing request is logged by the browser itself; journeys that provoke one assert it.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
});

test.afterEach(({ consoleErrors }) => {
  expect(consoleErrors, 'console errors').toEqual([]);
});

export { expect };
export type { APIRequestContext, Page } from '@playwright/test';

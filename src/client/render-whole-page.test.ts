import { createElement, lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToHtml } from './entry-server';

/** A lazily loaded part of a page, far larger than React's default progressive chunk. */
const Large = lazy(async () => ({
  default: () =>
    createElement(
      'ul',
      null,
      Array.from({ length: 2_000 }, (_, i) => createElement('li', { key: i }, `Row ${i} of the earnings table`)),
    ),
}));

describe('the server renders a page whole', () => {
  it('keeps a large, lazily loaded Suspense boundary in place: no template and no inline script to reveal it', async () => {
    const html = await renderToHtml(
      createElement(
        'main',
        null,
        createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Large)),
      ),
    );
    expect(html.length).toBeGreaterThan(50_000);
    expect(html).toContain('Row 1999 of the earnings table');
    expect(html).not.toContain('<template');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('Loading');
  });
});

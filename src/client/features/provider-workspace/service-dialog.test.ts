import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import type { Category } from '@shared/api/catalog-responses';
import { ServiceFields, type FieldErrors } from './service-dialog';
import { initialState, type FormState } from './service-form';

const categories = [{ id: 'c1', name: 'Tours', slug: 'tours', icon: 'map', serviceCount: 1 }] as unknown as Category[];

/** The dialog's fields as the provider sees them, as HTML. */
function fields(form: FormState, errors: FieldErrors = {}): string {
  // English, the source language: the words as written.
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(ServiceFields, {
          idPrefix: 'svc',
          form,
          errors,
          categories,
          onChange: () => {},
          onUploadingChange: () => {},
        }),
      ),
    ),
  );
}

/** The opening tag of the element with this id. */
function tagOf(html: string, id: string): string {
  const tag = new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no element with id ${id}`);
  return tag;
}

describe('the Create Service fields', () => {
  it('open empty: hints that read as hints, no price filled in, Free not chosen', () => {
    const html = fields(initialState(undefined));
    expect(tagOf(html, 'svc-city')).toContain('placeholder="e.g. Lisbon"');
    expect(tagOf(html, 'svc-title')).toContain('placeholder="e.g. ');
    // The price has no placeholder that could pass for a price, and no value.
    expect(tagOf(html, 'svc-price')).not.toContain('placeholder=');
    expect(tagOf(html, 'svc-price')).toContain('value=""');
    expect(tagOf(html, 'svc-price')).not.toMatch(/ disabled=""/);
    expect(tagOf(html, 'svc-free')).toContain('role="checkbox"');
    expect(tagOf(html, 'svc-free')).toContain('aria-checked="false"');
    expect(html).toContain('Free service');
    // Every placeholder is visibly a hint.
    for (const [, text] of html.matchAll(/placeholder="([^"]*)"/g)) expect(text).toMatch(/^e\.g\. /);
  });

  it('Free chosen: the price field is off and empty', () => {
    const html = fields({ ...initialState(undefined), isFree: true, price: '40' });
    expect(tagOf(html, 'svc-free')).toContain('aria-checked="true"');
    expect(tagOf(html, 'svc-price')).toMatch(/ disabled=""/);
    expect(tagOf(html, 'svc-price')).toContain('value=""');
  });

  it('shows an error at the price field, tied to it for screen readers', () => {
    const html = fields(initialState(undefined), { price: 'Enter a price, or mark the service as free' });
    expect(tagOf(html, 'svc-price')).toContain('aria-invalid="true"');
    expect(tagOf(html, 'svc-price')).toContain('aria-describedby="svc-price-error"');
    expect(tagOf(html, 'svc-price-error')).toContain('role="alert"');
    expect(html).toContain('>Enter a price, or mark the service as free</p>');
  });

  it('an edited free service opens with Free chosen; a priced one with its price', () => {
    const service = {
      title: 'T',
      description: '',
      categoryId: 'c1',
      city: 'Lisbon',
      pricingUnit: 'per hour',
      minHours: 1,
      photos: [],
    };
    const free = fields(initialState({ ...service, price: 0 } as unknown as Parameters<typeof initialState>[0]));
    expect(tagOf(free, 'svc-free')).toContain('aria-checked="true"');
    const priced = fields(initialState({ ...service, price: 4550 } as unknown as Parameters<typeof initialState>[0]));
    expect(tagOf(priced, 'svc-free')).toContain('aria-checked="false"');
    expect(tagOf(priced, 'svc-price')).toContain('value="45.5"');
  });
});

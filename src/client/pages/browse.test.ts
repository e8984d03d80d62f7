import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { describe, expect, it } from 'vitest';
import type { Service } from '@shared/api/catalog';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import type { ServicePage } from '@/features/catalog/catalog-api';
import { BrowseResults } from './browse';

const signedOut: AuthContextValue = {
  user: null,
  isLoading: false,
  login: () => Promise.reject(new Error('not in this test')),
  signup: () => Promise.reject(new Error('not in this test')),
  logout: () => Promise.resolve(),
  switchRole: () => Promise.reject(new Error('not in this test')),
  updateUser: () => {},
};

function service(n: number, title: string): Service {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    title,
    description: 'A good time.',
    categoryId: '00000000-0000-4000-8000-100000000000',
    category: { id: '00000000-0000-4000-8000-100000000000', name: 'Massage', slug: 'massage', icon: null },
    city: 'Lisbon',
    photos: [],
    price: 8_000,
    currency: 'USD',
    pricingUnit: 'per hour',
    minHours: 1,
    locationType: 'provider_place',
    locationArea: null,
    rating: 4.8,
    ratingCount: 12,
    isActive: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    provider: {
      id: '00000000-0000-4000-8000-200000000000',
      userId: '00000000-0000-4000-8000-300000000000',
      displayName: 'Ana Lima',
      avatar: null,
      govIdStatus: 'APPROVED',
      rating: 4.8,
      ratingCount: 12,
    },
    _count: { reviews: 12 },
  };
}

const filters = { q: 'massage', city: '', date: '', category: '', minRating: 0, sortBy: 'recommended', page: 1 };
const oldResults: ServicePage = {
  services: [service(1, 'Swedish relaxation massage'), service(2, 'Prenatal massage')],
  total: 2,
  isTotalCapped: false,
  needsCity: false,
  queryCity: null,
};

/** The results area as the browse page renders it, as HTML. */
function render(props: { data: ServicePage | undefined; isPending: boolean; isSearching: boolean; isError?: boolean }) {
  // English from the source: the words are the code's own.
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(
          AuthContext.Provider,
          { value: signedOut },
          createElement(
            MemoryRouter,
            null,
            createElement(BrowseResults, {
              isError: false,
              ...props,
              filters,
              params: new URLSearchParams('q=massage'),
              onRetry: () => {},
              onClearFilters: () => {},
              onChooseCity: () => {},
            }),
          ),
        ),
      ),
    ),
  );
}

const count = (html: string, text: string) => html.split(text).length - 1;
/** The opening tag of the list labelled `label`. */
const listTag = (html: string, label: string) =>
  new RegExp(`<ul[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0] ?? '';

describe('browse results while a search loads', () => {
  it('shows six skeleton cards, marked busy, while the first search loads', () => {
    const html = render({ data: undefined, isPending: true, isSearching: true });
    expect(count(html, 'data-testid="service-card-skeleton"')).toBe(6);
    expect(html).toMatch(/<ul[^>]*aria-busy="true"[^>]*aria-label="Loading services"/);
    expect(html).not.toContain('data-testid="service-card"');
  });

  it('keeps the previous results on screen, dimmed and busy, while a later search loads', () => {
    const html = render({ data: oldResults, isPending: false, isSearching: true });
    expect(count(html, 'data-testid="service-card"')).toBe(2);
    expect(html).toContain('Swedish relaxation massage');
    expect(html).not.toContain('service-card-skeleton');
    const tag = listTag(html, 'Services');
    expect(tag).toContain('aria-busy="true"');
    expect(tag).toContain('opacity-60');
  });

  it('shows the results at full strength, not busy, once loaded', () => {
    const html = render({ data: oldResults, isPending: false, isSearching: false });
    expect(count(html, 'data-testid="service-card"')).toBe(2);
    const tag = listTag(html, 'Services');
    expect(tag).toContain('aria-busy="false"');
    expect(tag).not.toContain('opacity-60');
  });

  it('shows skeletons, not the empty state, while a search that follows an empty one loads', () => {
    const empty = { services: [], total: 0, isTotalCapped: false, needsCity: false, queryCity: null };
    expect(render({ data: empty, isPending: false, isSearching: true })).toContain('service-card-skeleton');
    expect(render({ data: empty, isPending: false, isSearching: false })).toContain('No services found');
  });
});

describe('browse results for "near me" without a city', () => {
  it('asks for the city with the city box instead of showing no results', () => {
    const nearMe = { services: [], total: 0, isTotalCapped: false, needsCity: true, queryCity: null };
    const html = render({ data: nearMe, isPending: false, isSearching: false });
    expect(html).toContain('Which city are you in?');
    expect(html).toContain('id="near-me-city"');
    expect(html).not.toContain('No services found');
  });
});

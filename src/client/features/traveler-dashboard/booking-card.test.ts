import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@shared/api/bookings-responses';
import { TravelerBookingCard } from './booking-card';

const canceled: Booking = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'CANCELED',
  start: '2026-12-10T10:00:00.000Z',
  end: '2026-12-10T12:00:00.000Z',
  hours: 2,
  amountCents: 19_000,
  feeCents: 950,
  totalCents: 19_950,
  currency: 'USD',
  address: null,
  notes: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  respondBy: null,
  cancelReason: null,
  timeZone: 'Europe/Lisbon',
  user: { id: '00000000-0000-4000-8000-000000000002', name: 'Tess', image: null },
  service: {
    id: '00000000-0000-4000-8000-000000000003',
    title: 'Handmade Pasta Class',
    photos: [],
    city: 'Lisbon',
    pricingUnit: 'per hour',
    price: 9_500,
    category: { name: 'Private Chef', slug: 'private-chef' },
    provider: {
      id: '00000000-0000-4000-8000-000000000004',
      userId: '00000000-0000-4000-8000-000000000005',
      displayName: 'Chef Paolo',
      avatar: null,
    },
  },
  review: null,
  paymentStatus: null,
};

/** The card as the traveler's dashboard renders it, as text. */
function cardText(booking: Booking): string {
  // English from the source: the words are the code's own.
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const html = renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(MemoryRouter, null, createElement(TravelerBookingCard, { booking, now: null })),
      ),
    ),
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe("the traveler's booking card says why a booking closed and what happens to the money", () => {
  it('a request whose card payment lapsed: the time was released, nothing charged', () => {
    const text = cardText({ ...canceled, canceledBy: 'SYSTEM', cancelReason: 'payment not completed' });
    expect(text).toContain(
      'The card payment was not completed within 15 minutes, so the time was released. You were not charged.',
    );
    expect(text).not.toContain('Reason:');
  });

  it('a request the provider did not answer: it expired', () => {
    const text = cardText({ ...canceled, canceledBy: 'SYSTEM', cancelReason: 'expired' });
    expect(text).toContain('Chef Paolo did not answer in time, so the request expired.');
  });

  it('a declined request: who declined, and their reason', () => {
    const text = cardText({ ...canceled, declined: true, canceledBy: 'PROVIDER', cancelReason: 'Away that week' });
    expect(text).toContain('Chef Paolo declined this request.');
    expect(text).toContain('Reason: Away that week');
  });

  it('a refund Stripe has not confirmed yet: "Refund pending" with the amount, until it is REFUNDED', () => {
    const pending = cardText({ ...canceled, canceledBy: 'PROVIDER', refundPending: true, paymentStatus: 'succeeded' });
    expect(pending).toContain('Refund pending: $199.50 is on its way back to your card.');
    const done = cardText({ ...canceled, status: 'REFUNDED', canceledBy: 'PROVIDER', refundPending: false });
    expect(done).not.toContain('Refund pending');
  });

  it("shows the booking's total exactly: what the traveler pays, paid, or what a closed booking was for", () => {
    expect(cardText({ ...canceled, status: 'PENDING' })).toContain('You pay $199.50');
    expect(
      cardText({ ...canceled, status: 'COMPLETED', amountCents: 4000, feeCents: 200, totalCents: 4200 }),
    ).toContain('You paid $42 ');
    expect(
      cardText({ ...canceled, status: 'PAID', amountCents: 125_050, feeCents: 6253, totalCents: 131_303 }),
    ).toContain('You paid $1,313.03');
    expect(cardText(canceled)).toContain('Booking total $199.50');
  });
});

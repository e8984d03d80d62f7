import { describe, expect, it } from 'vitest';
import { availableActions } from '@shared/domain/booking-lifecycle';
import { bookingWhen, lifecycleOf } from './booking-time';

describe('bookingWhen', () => {
  it("shows the start in the provider's zone, labelled with that zone's offset at that instant", () => {
    expect(bookingWhen('2026-07-10T16:30:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon')).toEqual({
      date: 'Jul 10, 2026',
      time: '5:30 PM',
      zone: 'Lisbon (UTC+1)',
    });
    expect(bookingWhen('2026-07-10T16:30:00.000Z', 'Asia/Bangkok', 'en', 'Bangkok')).toEqual({
      date: 'Jul 10, 2026',
      time: '11:30 PM',
      zone: 'Bangkok (UTC+7)',
    });
  });

  it('changes date with the zone (midnight in the provider zone, not the viewer one)', () => {
    expect(bookingWhen('2026-07-10T23:30:00.000Z', 'Asia/Makassar', 'en', 'Bali')).toEqual({
      date: 'Jul 11, 2026',
      time: '7:30 AM',
      zone: 'Bali (UTC+8)',
    });
    // No place known to lie in the zone: the zone's own name, never its IANA city.
    expect(bookingWhen('2026-07-10T23:30:00.000Z', 'Asia/Makassar', 'en').zone).toBe('Central Indonesia Time (UTC+8)');
    expect(bookingWhen('2026-01-01T04:00:00.000Z', 'America/New_York', 'en').date).toBe('Dec 31, 2025');
  });

  it('follows both clock changes of the year', () => {
    // Spring forward (Lisbon, 29 Mar 2026 at 01:00 UTC): the same UTC hour reads an hour later after it.
    expect(bookingWhen('2026-03-29T00:30:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon')).toMatchObject({
      time: '12:30 AM',
      zone: 'Lisbon (UTC)',
    });
    expect(bookingWhen('2026-03-29T01:30:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon')).toMatchObject({
      time: '2:30 AM',
      zone: 'Lisbon (UTC+1)',
    });
    // Fall back (25 Oct 2026 at 01:00 UTC): 1:30 AM happens twice, with two labels.
    expect(bookingWhen('2026-10-25T00:30:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon')).toMatchObject({
      time: '1:30 AM',
      zone: 'Lisbon (UTC+1)',
    });
    expect(bookingWhen('2026-10-25T01:30:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon')).toMatchObject({
      time: '1:30 AM',
      zone: 'Lisbon (UTC)',
    });
  });
});

describe("bookingWhen with the viewer's clock (as checkout shows it)", () => {
  it("adds the viewer's time and zone only when their clock reads differently, across both clock changes", () => {
    const lisbonViewer = { timeZone: 'Europe/Lisbon', places: ['Bali', 'Lisbon'] };
    // 6 PM in Bali on 10 July is 11 AM in Lisbon (summer time).
    expect(bookingWhen('2026-07-10T10:00:00.000Z', 'Asia/Makassar', 'en', 'Bali', lisbonViewer)).toEqual({
      date: 'Jul 10, 2026',
      time: '6:00 PM',
      zone: 'Bali (UTC+8)',
      viewer: { time: '11:00 AM', zone: 'Lisbon (UTC+1)' },
    });
    // After Lisbon's autumn change (25 Oct 2026) the same Bali time is 10 AM there.
    expect(bookingWhen('2026-11-10T10:00:00.000Z', 'Asia/Makassar', 'en', 'Bali', lisbonViewer).viewer).toEqual({
      time: '10:00 AM',
      zone: 'Lisbon (UTC)',
    });
    // Before its spring change (29 Mar 2026) too; and on another day there, with the weekday.
    expect(bookingWhen('2026-03-20T01:00:00.000Z', 'Asia/Makassar', 'en', 'Bali', lisbonViewer).viewer).toEqual({
      time: '1:00 AM',
      zone: 'Lisbon (UTC)',
    });
    expect(bookingWhen('2026-03-19T23:30:00.000Z', 'Asia/Makassar', 'en', 'Bali', lisbonViewer)).toMatchObject({
      date: 'Mar 20, 2026',
      time: '7:30 AM',
      viewer: { time: '11:30 PM Thursday', zone: 'Lisbon (UTC)' },
    });
    // A viewer in a zone none of the caller's cities lies in: the zone's long generic name.
    expect(
      bookingWhen('2026-07-10T10:00:00.000Z', 'Europe/Madrid', 'en', 'Barcelona', {
        timeZone: 'America/Chicago',
        places: ['Barcelona'],
      }),
    ).toEqual({
      date: 'Jul 10, 2026',
      time: '12:00 PM',
      zone: 'Barcelona (UTC+2)',
      viewer: { time: '5:00 AM', zone: 'Central Time (UTC\u22125)' },
    });
    // Same clock (Lisbon and London in winter): nothing more.
    expect(
      bookingWhen('2026-12-01T10:00:00.000Z', 'Europe/Lisbon', 'en', 'Lisbon', { timeZone: 'Europe/London' }).viewer,
    ).toBe(undefined);
  });
});

describe('lifecycleOf', () => {
  const booking = {
    status: 'CONFIRMED',
    start: '2026-07-10T16:00:00.000Z',
    end: '2026-07-10T18:00:00.000Z',
    createdAt: '2026-07-01T10:00:00.000Z',
  };

  it('turns the API instants into dates the lifecycle table reads', () => {
    const lifecycle = lifecycleOf(booking);
    expect(lifecycle.start.toISOString()).toBe(booking.start);
    expect(availableActions(lifecycle, 'TRAVELER', new Date('2026-07-09T00:00:00Z'))).toEqual(['cancel']);
    expect(availableActions(lifecycle, 'TRAVELER', new Date('2026-07-10T16:00:00Z'))).toEqual([]);
    expect(availableActions({ ...lifecycle, status: 'PENDING' }, 'PROVIDER', new Date('2026-07-02T00:00:00Z'))).toEqual(
      ['accept', 'decline', 'cancel'],
    );
  });

  it("counts a card-paid request's 24 hours to answer from its authorisation, not its creation", () => {
    const request = {
      ...booking,
      status: 'PENDING',
      paymentRequired: true,
      // Authorised 20 hours after it was made: the provider may answer until 24 hours after that.
      authorisedAt: '2026-07-02T06:00:00.000Z',
      paymentStatus: 'requires_capture',
    };
    const thirtyHoursLater = new Date('2026-07-02T16:00:00Z');
    expect(availableActions(lifecycleOf(request), 'PROVIDER', thirtyHoursLater)).toEqual([
      'accept',
      'decline',
      'cancel',
    ]);
    expect(availableActions(lifecycleOf(request), 'PROVIDER', new Date('2026-07-03T06:00:00Z'))).toEqual([]);
    // Not authorised yet: the provider cannot see or answer it, and it lapses after 15 minutes.
    const unpaid = { ...request, authorisedAt: null, paymentStatus: 'requires_payment_method' };
    expect(availableActions(lifecycleOf(unpaid), 'TRAVELER', new Date('2026-07-01T10:10:00Z'))).toEqual(['cancel']);
    expect(availableActions(lifecycleOf(unpaid), 'TRAVELER', new Date('2026-07-01T10:16:00Z'))).toEqual([]);
    // The traveler's list says awaitingPayment instead of paymentRequired: the same clock.
    const travelersView = { ...booking, status: 'PENDING', awaitingPayment: true, authorisedAt: null };
    expect(availableActions(lifecycleOf(travelersView), 'TRAVELER', new Date('2026-07-01T10:16:00Z'))).toEqual([]);
  });
});

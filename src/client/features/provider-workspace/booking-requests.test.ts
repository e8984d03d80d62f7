import { describe, expect, it } from 'vitest';
import type { ProviderBooking } from '@shared/api/provider-workspace';
import { pendingFirst } from './booking-requests';

const booking = (id: string, status: string, start: string, respondBy: string | null = null) =>
  ({ id, status, start, respondBy }) as ProviderBooking;

describe('pendingFirst', () => {
  it('puts unanswered requests first, the soonest to expire on top, and keeps the order of the rest', () => {
    const list = [
      booking('paid', 'PAID', '2026-07-01T10:00:00.000Z'),
      booking('late', 'PENDING', '2026-07-09T10:00:00.000Z', '2026-07-03T10:00:00.000Z'),
      booking('done', 'COMPLETED', '2026-06-01T10:00:00.000Z'),
      booking('soon', 'PENDING', '2026-07-02T08:00:00.000Z', '2026-07-02T08:00:00.000Z'),
      booking('gone', 'CANCELED', '2026-07-05T10:00:00.000Z'),
    ];
    expect(pendingFirst(list).map((b) => b.id)).toEqual(['soon', 'late', 'paid', 'done', 'gone']);
  });

  it('leaves a list without requests as it is', () => {
    const list = [
      booking('a', 'CONFIRMED', '2026-07-01T10:00:00.000Z'),
      booking('b', 'PAID', '2026-06-01T10:00:00.000Z'),
    ];
    expect(pendingFirst(list).map((b) => b.id)).toEqual(['a', 'b']);
  });
});

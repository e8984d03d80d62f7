import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_RULES, isWholeStep } from './currency.ts';
import {
  accountState,
  canReceiveBookings,
  chargeSplitForUnit,
  connectSetup,
  countryOfTimeZone,
  payoutNetCents,
  disabledReasonKind,
  requirementKinds,
  refundSplit,
  settledPayoutCents,
  type AccountFacts,
} from './connect.ts';
import { type PricingUnit } from './pricing.ts';
import { amountsForUnit } from './booking-amounts.ts';

const facts = (over: Partial<AccountFacts> = {}): AccountFacts => ({
  serviceAgreement: 'full',
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  transfers: 'inactive',
  cardPayments: 'inactive',
  currentlyDue: ['external_account', 'individual.dob.day', 'individual.dob.month', 'tos_acceptance.date'],
  pastDue: [],
  pendingVerification: [],
  disabledReason: 'requirements.past_due',
  ...over,
});
const active = facts({
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  transfers: 'active',
  cardPayments: 'active',
  currentlyDue: [],
  disabledReason: null,
});

describe('accountState', () => {
  it('is details needed for a new account, whatever Stripe lists as due', () => {
    expect(accountState(facts(), false)).toBe('details_needed');
    expect(accountState(facts({ disabledReason: null }), false)).toBe('details_needed');
  });
  it('is under review while Stripe verifies what was submitted', () => {
    const review = facts({
      detailsSubmitted: true,
      currentlyDue: [],
      pendingVerification: ['individual.verification.document'],
      disabledReason: 'requirements.pending_verification',
      transfers: 'pending',
    });
    expect(accountState(review, false)).toBe('under_review');
  });
  it('is active once transfers (and card payments on behalf of it) are active and payouts enabled', () => {
    expect(accountState(active, false)).toBe('active');
    expect(accountState({ ...active, cardPayments: 'inactive' }, false)).toBe('active');
    expect(accountState({ ...active, cardPayments: 'inactive' }, true)).toBe('restricted');
    expect(accountState({ ...active, payoutsEnabled: false }, false)).toBe('restricted');
  });
  it('is restricted when Stripe disabled it after onboarding, or rejected it', () => {
    expect(accountState({ ...active, transfers: 'inactive', disabledReason: 'rejected.fraud' }, false)).toBe(
      'restricted',
    );
    expect(
      accountState(
        { ...active, transfers: 'inactive', pastDue: ['external_account'], disabledReason: 'requirements.past_due' },
        false,
      ),
    ).toBe('restricted');
    expect(accountState(facts({ disabledReason: 'rejected.other' }), false)).toBe('restricted');
  });
  it('asks for details Stripe wants now while the account still works', () => {
    expect(accountState({ ...active, currentlyDue: ['individual.id_number'] }, false)).toBe('details_needed');
  });
});

describe('canReceiveBookings', () => {
  it('needs transfers, and card payments only with on_behalf_of', () => {
    expect(canReceiveBookings({ transfers: 'active', cardPayments: null }, false)).toBe(true);
    expect(canReceiveBookings({ transfers: 'active', cardPayments: 'pending' }, true)).toBe(false);
    expect(canReceiveBookings({ transfers: 'active', cardPayments: 'active' }, true)).toBe(true);
    expect(canReceiveBookings({ transfers: 'pending', cardPayments: 'active' }, false)).toBe(false);
    expect(canReceiveBookings({ transfers: null, cardPayments: null }, false)).toBe(false);
  });
});

describe('requirements and reasons by kind (the server words them)', () => {
  it('puts Stripe’s paths in kinds, each once, an unknown path as it is', () => {
    expect(
      requirementKinds([
        'external_account',
        'individual.dob.day',
        'individual.dob.month',
        'individual.verification.document',
        'tos_acceptance.date',
        'tos_acceptance.ip',
        'something_new.field',
        'something_new.field',
      ]),
    ).toEqual(['bank_account', 'date_of_birth', 'identity_document', 'terms', { path: 'something_new.field' }]);
  });
  it('says why an account is restricted', () => {
    expect(disabledReasonKind('rejected.fraud')).toBe('fraud');
    expect(disabledReasonKind('rejected.other')).toBe('rejected');
    expect(disabledReasonKind('requirements.past_due')).toBe('past_due');
    expect(disabledReasonKind('something.new')).toBe('other');
    expect(disabledReasonKind(null)).toBeNull();
  });
});

describe('connectSetup (decision 038)', () => {
  it('from a US platform: a plain destination charge in the US', () => {
    expect(connectSetup('US', 'US')).toEqual({
      serviceAgreement: 'full',
      onBehalfOf: false,
      capabilities: ['card_payments', 'transfers'],
    });
  });
  it('from a US platform: Portugal and Spain are cross-border payouts to transfers-only recipients', () => {
    for (const c of ['PT', 'ES'])
      expect(connectSetup('US', c)).toEqual({
        serviceAgreement: 'recipient',
        onBehalfOf: false,
        capabilities: ['transfers'],
      });
  });
  it('from a US platform: Japan, Mexico, Brazil, Thailand and Indonesia are charged on behalf of the account', () => {
    for (const c of ['JP', 'MX', 'BR', 'TH', 'ID'])
      expect(connectSetup('US', c)).toEqual({
        serviceAgreement: 'full',
        onBehalfOf: true,
        capabilities: ['card_payments', 'transfers'],
      });
  });
  it('from a Portuguese platform: Spain is the same region (EEA), the US cross-border', () => {
    expect(connectSetup('PT', 'ES').onBehalfOf).toBe(false);
    expect(connectSetup('PT', 'ES').serviceAgreement).toBe('full');
    expect(connectSetup('PT', 'US').serviceAgreement).toBe('recipient');
    expect(connectSetup('PT', 'JP').onBehalfOf).toBe(true);
  });
  it('knows the countries of our cities’ time zones', () => {
    expect(countryOfTimeZone('Europe/Lisbon')).toBe('PT');
    expect(countryOfTimeZone('Asia/Tokyo')).toBe('JP');
    expect(countryOfTimeZone('America/Mexico_City')).toBe('MX');
    expect(countryOfTimeZone('America/Sao_Paulo')).toBe('BR');
    expect(countryOfTimeZone('Asia/Makassar')).toBe('ID');
    expect(countryOfTimeZone('America/New_York')).toBe('US');
    expect(countryOfTimeZone('Europe/Paris')).toBeUndefined();
  });
});

describe('money: total = subtotal + fee, and net + fee = captured', () => {
  const units: PricingUnit[] = ['per hour', 'per session', 'per day'];
  // Odd cents: prices whose 5 % fee is a half cent or less (rounded half up).
  const prices = [1, 9, 10, 30, 50, 4550, 3333, 12_345, 99_999];
  for (const unit of units)
    it(`for ${unit}, at odd cents too`, () => {
      for (const price of prices)
        for (const hours of [1, 3, 7]) {
          const s = chargeSplitForUnit(unit, price, hours, 'USD');
          expect(s.totalCents).toBe(s.subtotalCents + s.feeCents);
          expect(s.providerNetCents + s.applicationFeeCents).toBe(s.totalCents);
          expect(s.providerNetCents).toBe(s.subtotalCents);
          expect(Number.isInteger(s.feeCents)).toBe(true);
        }
    });
  it('rounds the fee of an odd subtotal half up', () => {
    // 4550 x 3 = 13650, 5 % = 682.5 -> 683.
    const s = chargeSplitForUnit('per hour', 4550, 3, 'USD');
    expect(s).toMatchObject({ subtotalCents: 13_650, feeCents: 683, totalCents: 14_333, providerNetCents: 13_650 });
    // A session is one price whatever its hours.
    expect(chargeSplitForUnit('per session', 4550, 3, 'USD')).toMatchObject({ subtotalCents: 4550, feeCents: 228 });
    expect(chargeSplitForUnit('per day', 3333, 8, 'USD')).toMatchObject({
      subtotalCents: 3333,
      feeCents: 167,
      totalCents: 3500,
    });
  });
});

describe('refundSplit and payoutNetCents', () => {
  it('takes back all of both on a full refund', () => {
    expect(refundSplit(14_333, 683, 14_333, 'USD')).toEqual({ providerCents: 13_650, feeCents: 683 });
    expect(payoutNetCents(14_333, 683, 14_333, 'USD')).toBe(0);
  });
  it('splits a partial refund in proportion, adding up to the refund', () => {
    // Half of 14_333: 7166; fee share 683 x 7166 / 14_333 = 341.47 -> 341.
    expect(refundSplit(14_333, 683, 7166, 'USD')).toEqual({ providerCents: 6825, feeCents: 341 });
    expect(payoutNetCents(14_333, 683, 7166, 'USD')).toBe(13_650 - 6825);
    for (const refund of [1, 2, 3, 99, 1000, 7167, 14_332]) {
      const s = refundSplit(14_333, 683, refund, 'USD');
      expect(s.providerCents + s.feeCents).toBe(refund);
      expect(s.feeCents).toBeGreaterThanOrEqual(0);
      expect(s.feeCents).toBeLessThanOrEqual(683);
    }
  });
  it('rounds a half cent of fee up', () => {
    // captured 200, fee 10, refund 10: fee share 0.5 -> 1.
    expect(refundSplit(200, 10, 10, 'USD')).toEqual({ providerCents: 9, feeCents: 1 });
  });
  it('refuses amounts that are not cents or exceed what was captured', () => {
    expect(() => refundSplit(100, 5, 101, 'USD')).toThrow(RangeError);
    expect(() => refundSplit(100, 101, 1, 'USD')).toThrow(RangeError);
    expect(() => refundSplit(100, 5, 1.5, 'USD')).toThrow(RangeError);
  });
});

describe('refunds in every currency', () => {
  it('a refund’s split sums to the refund, and the fee’s share moves in the currency’s step', () => {
    for (const currency of CURRENCIES) {
      const { step, maxPrice } = CURRENCY_RULES[currency];
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: maxPrice / step }),
          fc.integer({ min: 1, max: 24 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          (units, hours, share) => {
            const a = amountsForUnit('per hour', units * step, hours, currency);
            const refund = Math.floor((a.totalCents / step) * share) * step;
            const split = refundSplit(a.totalCents, a.feeCents, refund, currency);
            expect(split.providerCents + split.feeCents).toBe(refund);
            expect(isWholeStep(split.feeCents, currency)).toBe(true);
            expect(isWholeStep(split.providerCents, currency)).toBe(true);
            expect(split.feeCents).toBeLessThanOrEqual(a.feeCents);
            expect(split.providerCents).toBeLessThanOrEqual(a.subtotalCents);
            const net = payoutNetCents(a.totalCents, a.feeCents, refund, currency);
            expect(net).toBe(a.subtotalCents - split.providerCents);
            expect(Number.isSafeInteger(net) && net >= 0).toBe(true);
          },
        ),
      );
    }
  });

  it('a rupiah refund: Locora’s share in whole rupiah, even on amounts past 2^53 when multiplied', () => {
    // Rp 1.600.000.000 a day: fee x refund is far past Number.MAX_SAFE_INTEGER; the split stays exact.
    const a = amountsForUnit('per day', 160_000_000_000, 8, 'IDR');
    const split = refundSplit(a.totalCents, a.feeCents, 100_000_000_000, 'IDR');
    expect(split.feeCents % 100).toBe(0);
    expect(split.providerCents + split.feeCents).toBe(100_000_000_000);
    expect(split.feeCents).toBe(4_761_904_800); // 8,000,000,000 x 100e9 / 168e9 = 4,761,904,761.9 -> Rp 47.619.048
  });

  it('a yen refund of half a booking: ¥8,400 -> ¥4,200, of which ¥200 is Locora’s fee', () => {
    expect(refundSplit(8400, 400, 4200, 'JPY')).toEqual({ providerCents: 4000, feeCents: 200 });
  });
});

describe('settledPayoutCents: what is paid out of what landed, in its own currency', () => {
  it('is all that landed without refunds; a converted refund takes the same share of what landed', () => {
    // $105 charged ($5 fee), €92 landed; half refunded: the provider gives back $50 of $100, so €46.
    const charge = { capturedCents: 10_500, feeCents: 500, currency: 'USD' as const };
    expect(settledPayoutCents(9200, { ...charge, reversingCents: 0 })).toBe(9200);
    expect(settledPayoutCents(9200, { ...charge, reversingCents: 5250 })).toBe(4600);
    expect(settledPayoutCents(9200, { ...charge, reversingCents: 10_500 })).toBe(0);
    // Yen landed from a euro charge: half of ¥1,001 back is ¥500.5, rounded half up to ¥501; ¥500 left.
    expect(settledPayoutCents(1_001, { capturedCents: 630, feeCents: 30, reversingCents: 315, currency: 'EUR' })).toBe(
      500,
    );
  });

  it('unconverted, it is exactly payoutNetCents; converted, never more than landed, always a whole minor unit', () => {
    for (const currency of CURRENCIES) {
      const { step, maxPrice } = CURRENCY_RULES[currency];
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: maxPrice / step }),
          fc.integer({ min: 1, max: 12 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.integer({ min: 0, max: 10 ** 12 }),
          (units, hours, share, landed) => {
            const a = amountsForUnit('per hour', units * step, hours, currency);
            const refund = Math.floor((a.totalCents / step) * share) * step;
            const charge = { capturedCents: a.totalCents, feeCents: a.feeCents, reversingCents: refund, currency };
            expect(settledPayoutCents(a.subtotalCents, charge)).toBe(
              payoutNetCents(a.totalCents, a.feeCents, refund, currency),
            );
            const left = settledPayoutCents(landed, charge);
            expect(Number.isSafeInteger(left) && left >= 0 && left <= landed).toBe(true);
          },
        ),
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { easterSunday, isPublicationDay, latestPublicationDate, ratesToday } from './publication.ts';

describe('the ECB’s publication calendar', () => {
  it('knows Easter', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('publishes on TARGET business days only', () => {
    expect(isPublicationDay('2026-11-27')).toBe(true); // a Friday
    expect(isPublicationDay('2026-11-28')).toBe(false); // Saturday
    expect(isPublicationDay('2026-11-29')).toBe(false); // Sunday
    expect(isPublicationDay('2026-04-03')).toBe(false); // Good Friday
    expect(isPublicationDay('2026-04-06')).toBe(false); // Easter Monday
    expect(isPublicationDay('2026-05-01')).toBe(false);
    expect(isPublicationDay('2026-12-25')).toBe(false);
    expect(isPublicationDay('2026-12-26')).toBe(false);
    expect(isPublicationDay('2027-01-01')).toBe(false);
    expect(isPublicationDay('2026-12-31')).toBe(true);
  });

  it('expects today’s rates from 16:00 in Frankfurt, in winter (CET, UTC+1)', () => {
    expect(latestPublicationDate(new Date('2026-11-27T14:59:00Z'))).toBe('2026-11-26');
    expect(latestPublicationDate(new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-27');
    // The weekend and Monday morning: Friday's.
    expect(latestPublicationDate(new Date('2026-11-28T12:00:00Z'))).toBe('2026-11-27');
    expect(latestPublicationDate(new Date('2026-11-30T10:00:00Z'))).toBe('2026-11-27');
  });

  it('and in summer (CEST, UTC+2), across both clock changes', () => {
    // 2026-03-29: clocks go forward in Frankfurt; the Monday after, 16:00 is 14:00 UTC.
    expect(latestPublicationDate(new Date('2026-03-30T13:59:00Z'))).toBe('2026-03-27');
    expect(latestPublicationDate(new Date('2026-03-30T14:00:00Z'))).toBe('2026-03-30');
    // 2026-10-25: clocks go back; the Monday after, 16:00 is 15:00 UTC again.
    expect(latestPublicationDate(new Date('2026-10-26T14:30:00Z'))).toBe('2026-10-23');
    expect(latestPublicationDate(new Date('2026-10-26T15:00:00Z'))).toBe('2026-10-26');
  });

  it('skips the Easter closing days', () => {
    // Easter Tuesday 2026-04-07 before 16:00: Thursday's rates are the latest.
    expect(latestPublicationDate(new Date('2026-04-07T10:00:00Z'))).toBe('2026-04-02');
  });

  it('counts the rates’ age from today in Frankfurt', () => {
    expect(ratesToday(new Date('2026-11-27T23:30:00Z'))).toBe('2026-11-28');
  });
});

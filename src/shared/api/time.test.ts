import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { switchRoleSchema } from './auth.ts';
import { calendarDateSchema, timeZoneSchema } from './time.ts';

describe('calendarDateSchema', () => {
  it('takes real yyyy-MM-dd days only', () => {
    expect(calendarDateSchema.parse('2026-03-08')).toBe('2026-03-08');
    for (const bad of ['2026-02-30', '2026-03-07T23:00:00.000Z', '8/3/2026', '', 20260308]) {
      expect(calendarDateSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(calendarDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      'Date must be a calendar date, yyyy-MM-dd',
    );
  });
});

describe('timeZoneSchema', () => {
  it('takes IANA names, fixing their case', () => {
    expect(timeZoneSchema.parse('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneSchema.parse('america/new_york')).toBe('America/New_York');
  });

  it('explains what is wrong', () => {
    expect(timeZoneSchema.safeParse('Mars/Olympus').error?.issues[0]?.message).toBe(
      'Unknown time zone "Mars/Olympus": use an IANA name such as Europe/Lisbon',
    );
    expect(timeZoneSchema.safeParse('+05:30').success).toBe(false);
    expect(timeZoneSchema.safeParse(5).success).toBe(false);
  });
});

describe('switchRoleSchema', () => {
  it('needs a zone for PROVIDER only', () => {
    expect(switchRoleSchema.safeParse({ role: 'TRAVELER' }).success).toBe(true);
    const missing = switchRoleSchema.safeParse({ role: 'PROVIDER' });
    expect(missing.success).toBe(false);
    expect(z.flattenError(missing.error as z.ZodError).fieldErrors).toEqual({
      timeZone: ['A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon'],
    });
    expect(switchRoleSchema.parse({ role: 'PROVIDER', timeZone: 'europe/lisbon' })).toEqual({
      role: 'PROVIDER',
      timeZone: 'Europe/Lisbon',
    });
  });
});

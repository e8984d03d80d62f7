import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signupSchema, switchRoleSchema } from './auth.ts';
import { calendarDateSchema, PROVIDER_TIME_ZONE_REQUIRED, timeZoneSchema } from './time.ts';

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

describe('provider zones in the auth schemas', () => {
  it('signing up as PROVIDER needs a zone; as TRAVELER it does not', () => {
    const base = { email: 'a@b.co', password: 'long enough pass', name: 'Ana' };
    expect(signupSchema.safeParse({ ...base, role: 'TRAVELER' }).success).toBe(true);
    const missing = signupSchema.safeParse({ ...base, role: 'PROVIDER' });
    expect(missing.success).toBe(false);
    expect(z.flattenError(missing.error as z.ZodError).fieldErrors).toEqual({
      timeZone: [PROVIDER_TIME_ZONE_REQUIRED],
    });
  });

  it('switching leaves the zone to the server (needed only for a first provider profile), but checks it', () => {
    expect(switchRoleSchema.safeParse({ role: 'PROVIDER' }).success).toBe(true);
    expect(switchRoleSchema.safeParse({ role: 'PROVIDER', timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(switchRoleSchema.parse({ role: 'PROVIDER', timeZone: 'europe/lisbon' })).toEqual({
      role: 'PROVIDER',
      timeZone: 'Europe/Lisbon',
    });
  });
});

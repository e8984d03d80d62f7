import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isTimeZoneRequired } from './time-zone';

const refusal = (code: string, message: string) => {
  const body = { statusCode: 400, code, message, requestId: 'r1' };
  return new ApiError(400, 'Bad Request', JSON.stringify(body), body);
};

describe('a switch to provider refused for want of a zone', () => {
  it('is known by its code, whatever language the message is in', () => {
    const ja = '提供者にはタイムゾーンが必要です。timeZone に Europe/Lisbon のような IANA 名を指定してください';
    expect(isTimeZoneRequired(refusal('TIME_ZONE_REQUIRED', ja))).toBe(true);
    expect(
      isTimeZoneRequired(
        refusal(
          'TIME_ZONE_REQUIRED',
          'Um prestador precisa de um fuso horário: envie timeZone, um nome IANA como Europe/Lisbon',
        ),
      ),
    ).toBe(true);
  });

  it('is not any other refusal, even one that quotes the English words', () => {
    const english = 'A provider needs a time zone: send timeZone, an IANA name such as Europe/Lisbon';
    expect(isTimeZoneRequired(refusal('BAD_REQUEST', english))).toBe(false);
    expect(isTimeZoneRequired(refusal('BAD_REQUEST', 'Unknown time zone "Mars/Olympus".'))).toBe(false);
    expect(isTimeZoneRequired(new Error(english))).toBe(false);
    expect(isTimeZoneRequired(new ApiError(502, 'Bad Gateway', ''))).toBe(false);
  });
});

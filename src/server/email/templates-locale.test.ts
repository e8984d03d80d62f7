import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED_NOTE } from '../../shared/domain/booking-machine.ts';
import { PAYEE_RESTRICTED_REASON } from '../../shared/domain/connect.ts';
import { bookingStatusEmail, renderEmail } from './templates.ts';

describe("emails in the recipient's language", () => {
  it("writes the email's own words and its <html lang> in the recipient's locale, English by default", () => {
    const input = { subject: 'S', paragraphs: ['P'], action: { label: 'Open', url: 'https://x.test/' } };
    const ja = renderEmail({ ...input, locale: 'ja' });
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.text).toContain('Locora のアカウントをお持ちのため、このメールをお送りしています。');
    const english = renderEmail(input);
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('You get this email because you have an account on Locora.');
  });
});

describe('the reasons Locora gives when it closes a booking', () => {
  const input = {
    appUrl: 'https://locora.test',
    status: 'canceled' as const,
    providerName: 'Chef Paolo',
    travelerName: 'Haruka',
    serviceTitle: 'Tempura class',
    startText: '2026年12月1日 10:00',
    canceledBy: 'SYSTEM' as const,
  };

  it('says them in the reader’s words, not quoted as English', () => {
    const ja = bookingStatusEmail({ ...input, locale: 'ja', reason: PAYEE_RESTRICTED_REASON });
    expect(ja.text).toContain(
      '提供者が支払いを受け取れなくなったため、リクエストは解除され、カードへの請求は行われていません。',
    );
    expect(ja.text).not.toContain(PAYEE_RESTRICTED_REASON);
    const th = bookingStatusEmail({ ...input, locale: 'th', reason: ACCOUNT_SUSPENDED_NOTE });
    expect(th.text).toContain('ยกเลิกโดย Locora เนื่องจากบัญชีหนึ่งในการจองนี้ถูกระงับ');
    expect(th.text).not.toContain(ACCOUNT_SUSPENDED_NOTE);
  });

  it('still quotes a person’s own reason as written', () => {
    const ja = bookingStatusEmail({ ...input, locale: 'ja', canceledBy: 'PROVIDER', reason: 'Sick today' });
    expect(ja.text).toContain('理由：「Sick today」');
    const en = bookingStatusEmail({ ...input, locale: 'en', reason: PAYEE_RESTRICTED_REASON });
    expect(en.text).toContain(PAYEE_RESTRICTED_REASON);
  });
});

import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.ts';

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

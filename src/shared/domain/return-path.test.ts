import { describe, expect, it } from 'vitest';
import { NEXT_PATH_MAX_LENGTH, parseSignInReason, safeNextPath, signInPath, withReturnPath } from './return-path.ts';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/browse', '/browse'],
    ['/browse?q=yoga&city=Lisbon', '/browse?q=yoga&city=Lisbon'],
    ['/service/8a9b?date=2026-12-01', '/service/8a9b?date=2026-12-01'],
    ['/checkout/8a9b?date=2026-12-01T00%3A00%3A00.000Z', '/checkout/8a9b?date=2026-12-01T00%3A00%3A00.000Z'],
    ['/dashboard/traveler#saved', '/dashboard/traveler#saved'],
    ['/messages?booking=1', '/messages?booking=1'],
    ['/browse?city=S%C3%A3o%20Paulo', '/browse?city=S%C3%A3o%20Paulo'],
    ['/a/../browse', '/browse'],
    ['/authors', '/authors'],
    ['/apis-of-the-world', '/apis-of-the-world'],
    // A verification link works only signed in (decision 022): sign-in comes back to it.
    ['/auth/verify-email?token=Ab_-9', '/auth/verify-email?token=Ab_-9'],
  ])('keeps the same-origin path %s', (value, expected) => {
    expect(safeNextPath(value)).toBe(expected);
  });

  it.each([
    // Other sites, however they are spelled.
    '//evil.com',
    '//evil.com/path',
    // Dot segments the URL parser resolves into a protocol-relative path.
    '/.//evil.com',
    '/..//evil.com',
    '/%2E//evil.com',
    '/a/..//evil.com/path?x=1',
    '///evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    'https://evil.com',
    'http://evil.com/browse',
    'HTTPS://evil.com',
    '//evil.com@locora.test',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.com',
    'browse',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%252F%252Fevil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '/\tevil.com',
    '/\n/evil.com',
    '/ /evil.com',
    '/%0a/evil.com',
    '/%E0%A4%A', // malformed escape
    // Loops and the API.
    '/auth/signin',
    '/auth/signin?next=/browse',
    '/auth/signup?role=provider',
    '/AUTH/SIGNIN',
    '/auth',
    '/%61uth/signin',
    '/api/auth/me',
    '/api/auth/google',
    // Only the verification link itself (with its query) is returned to, exactly that path.
    '/auth/verify-email',
    '/auth/verify-email/../signin?x=1',
    '/auth/verify-emailx?token=a',
    '/auth/%76erify-email?token=a',
    // Not a string, empty, too long.
    '',
    undefined,
    null,
    42,
    ['/browse'],
    { toString: () => '/browse' },
    `/${'a'.repeat(NEXT_PATH_MAX_LENGTH)}`,
  ])('ignores %j', (value) => {
    expect(safeNextPath(value)).toBeUndefined();
  });

  it('keeps a path of exactly the maximum length', () => {
    const path = `/${'a'.repeat(NEXT_PATH_MAX_LENGTH - 1)}`;
    expect(safeNextPath(path)).toBe(path);
  });
});

describe('sign-in reasons and addresses', () => {
  it('knows only its fixed reasons', () => {
    expect(parseSignInReason('book')).toBe('book');
    expect(parseSignInReason('save')).toBe('save');
    for (const value of ['Book', 'hack', '<b>hi</b>', 'toString', '__proto__', '', undefined, 1]) {
      expect(parseSignInReason(value), String(value)).toBeUndefined();
    }
  });

  it('builds the sign-in address with a safe next and reason, and leaves out the rest', () => {
    expect(signInPath('/service/1?date=2026-12-01', 'book')).toBe(
      '/auth/signin?next=%2Fservice%2F1%3Fdate%3D2026-12-01&reason=book',
    );
    expect(signInPath('/browse')).toBe('/auth/signin?next=%2Fbrowse');
    expect(signInPath('/')).toBe('/auth/signin');
    expect(signInPath('//evil.com', 'save')).toBe('/auth/signin?reason=save');
    expect(signInPath(undefined)).toBe('/auth/signin');
    expect(withReturnPath('/auth/signup?role=provider', { next: '/browse', reason: 'nope' })).toBe(
      '/auth/signup?role=provider&next=%2Fbrowse',
    );
  });
});

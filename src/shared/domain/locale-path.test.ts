import { describe, expect, it } from 'vitest';
import { alternatePaths, localizedPath, splitLocalePath } from './locale-path.ts';

describe('the locale in a URL', () => {
  it('reads the prefix and the app path under it', () => {
    expect(splitLocalePath('/ja/service/abc')).toEqual({ locale: 'ja', path: '/service/abc' });
    expect(splitLocalePath('/pt-BR/browse')).toEqual({ locale: 'pt-BR', path: '/browse' });
    expect(splitLocalePath('/th')).toEqual({ locale: 'th', path: '/' });
    expect(splitLocalePath('/th/')).toEqual({ locale: 'th', path: '/' });
    expect(splitLocalePath('/browse')).toEqual({ locale: 'en', path: '/browse' });
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
  });

  it('counts only the exact codes: English has no prefix, and case matters', () => {
    expect(splitLocalePath('/en/browse')).toEqual({ locale: 'en', path: '/en/browse' });
    expect(splitLocalePath('/JA/browse')).toEqual({ locale: 'en', path: '/JA/browse' });
    expect(splitLocalePath('/pt/browse')).toEqual({ locale: 'en', path: '/pt/browse' });
    expect(splitLocalePath('/japan')).toEqual({ locale: 'en', path: '/japan' });
  });

  it('writes an app path in a locale, and back', () => {
    expect(localizedPath('en', '/browse?q=yoga')).toBe('/browse?q=yoga');
    expect(localizedPath('ja', '/browse?q=yoga')).toBe('/ja/browse?q=yoga');
    expect(localizedPath('ja', '/')).toBe('/ja');
    expect(localizedPath('id', '/?x=1')).toBe('/id?x=1');
    for (const { locale, path } of alternatePaths('/service/1')) {
      expect(splitLocalePath(path)).toEqual({ locale, path: '/service/1' });
    }
    expect(alternatePaths('/').map((a) => a.path)).toEqual(['/', '/es', '/pt-BR', '/pt-PT', '/ja', '/th', '/id']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  currencyFromAcceptLanguage,
  currencyName,
  preferredLanguageTag,
  resolveDisplayCurrency,
} from './display-currency.ts';

describe('currencyFromAcceptLanguage', () => {
  it('follows the region of the preferred language', () => {
    expect(currencyFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('BRL');
    expect(currencyFromAcceptLanguage('pt-PT')).toBe('EUR');
    expect(currencyFromAcceptLanguage('de-AT,de;q=0.9')).toBe('EUR');
    expect(currencyFromAcceptLanguage('en-US,en;q=0.9')).toBe('USD');
    expect(currencyFromAcceptLanguage('es-MX')).toBe('MXN');
    expect(currencyFromAcceptLanguage('th-TH')).toBe('THB');
    expect(currencyFromAcceptLanguage('id-ID')).toBe('IDR');
  });

  it('takes the likely region of a language given alone', () => {
    // A Japanese browser sends "ja" first, then English.
    expect(currencyFromAcceptLanguage('ja,en-US;q=0.9,en;q=0.8')).toBe('JPY');
    expect(currencyFromAcceptLanguage('th')).toBe('THB');
    expect(currencyFromAcceptLanguage('pt')).toBe('BRL');
  });

  it('weighs the ranges', () => {
    expect(currencyFromAcceptLanguage('en-US;q=0.5, ja-JP;q=0.9')).toBe('JPY');
    expect(preferredLanguageTag('*, fr-FR;q=0.8')).toBe('fr-FR');
    expect(preferredLanguageTag('fr-FR;q=0, de')).toBe('de');
  });

  it('has no default for a region whose currency Locora does not show, nor for nonsense', () => {
    expect(currencyFromAcceptLanguage('en-GB,en;q=0.9')).toBeNull();
    expect(currencyFromAcceptLanguage('ko-KR')).toBeNull();
    expect(currencyFromAcceptLanguage('')).toBeNull();
    expect(currencyFromAcceptLanguage(undefined)).toBeNull();
    expect(currencyFromAcceptLanguage('*')).toBeNull();
    expect(currencyFromAcceptLanguage('<script>')).toBeNull();
  });
});

describe('resolveDisplayCurrency', () => {
  it('prefers the account, then the cookie, then the language', () => {
    expect(resolveDisplayCurrency({ account: 'JPY', cookie: 'EUR', acceptLanguage: 'pt-BR' })).toEqual({
      currency: 'JPY',
      source: 'account',
    });
    expect(resolveDisplayCurrency({ account: null, cookie: 'EUR', acceptLanguage: 'pt-BR' })).toEqual({
      currency: 'EUR',
      source: 'cookie',
    });
    expect(resolveDisplayCurrency({ cookie: 'XYZ', acceptLanguage: 'pt-BR' })).toEqual({
      currency: 'BRL',
      source: 'language',
    });
    expect(resolveDisplayCurrency({ acceptLanguage: 'en-GB' })).toBeNull();
  });
});

describe('currencyName', () => {
  it('names a currency in the reader’s words', () => {
    expect(currencyName('BRL', 'en-US')).toBe('Brazilian Real');
    expect(currencyName('JPY', 'pt-BR')).toBe('Iene japonês');
  });
});

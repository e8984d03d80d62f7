import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Made Suardana')).toBe('MS');
    expect(initialsOf('Ana María López')).toBe('AL');
    expect(initialsOf('Liam O’Connor')).toBe('LO');
    expect(initialsOf('jean-luc picard')).toBe('JP');
  });

  it('gives one letter for one word, or when asked for one', () => {
    expect(initialsOf('  zoé  ')).toBe('Z');
    expect(initialsOf('Made Suardana', 1)).toBe('M');
    expect(initialsOf('alex@example.com', 1)).toBe('A');
  });

  it('keeps whole letters and upper-cases them', () => {
    expect(initialsOf('łukasz żak')).toBe('ŁŻ');
    expect(initialsOf('𝒜da Lovelace')).toBe('𝒜L');
  });

  it('is empty without a word', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf('   ')).toBe('');
    expect(initialsOf(null)).toBe('');
    expect(initialsOf(undefined)).toBe('');
    expect(initialsOf(' - . _ ')).toBe('');
  });
});

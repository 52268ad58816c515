import { describe, expect, it } from 'vitest';
import { editDistance, emailSuggestions, likelyDomain, MAX_EMAIL_SUGGESTIONS } from './suggestions.ts';

describe('emailSuggestions', () => {
  it('offers nothing before the "@" or without a name in front of it', () => {
    expect(emailSuggestions('ann')).toEqual([]);
    expect(emailSuggestions('@gm')).toEqual([]);
    expect(emailSuggestions('a@b@gm')).toEqual([]);
  });

  it('completes the domain being typed, keeping the name as typed', () => {
    expect(emailSuggestions('Ann.Lee@gm')).toEqual(['Ann.Lee@gmail.com', 'Ann.Lee@gmx.de']);
    expect(emailSuggestions('ann@HOTMAIL.')).toEqual(['ann@hotmail.com', 'ann@hotmail.co.th']);
  });

  it('offers at most 10 domains right after the "@"', () => {
    const all = emailSuggestions('ann@');
    expect(all).toHaveLength(MAX_EMAIL_SUGGESTIONS);
    expect(all[0]).toBe('ann@gmail.com');
  });

  it('stops once the address has a listed domain or matches none', () => {
    expect(emailSuggestions('ann@gmail.com')).toEqual([]);
    expect(emailSuggestions('ann@company.example')).toEqual([]);
  });

  it('offers the corrected domain for a likely typo', () => {
    expect(emailSuggestions('Ann@gmial.com')).toEqual(['Ann@gmail.com']);
    expect(emailSuggestions('ann@hotmial.com')).toEqual(['ann@hotmail.com']);
    expect(emailSuggestions('ann@yaho.com')).toEqual(['ann@yahoo.com']);
    expect(emailSuggestions('ann@outlok.con')).toEqual(['ann@outlook.com']);
    // Still typing (no dot yet), or a different domain altogether: no correction.
    expect(emailSuggestions('ann@gmial')).toEqual([]);
    expect(emailSuggestions('ann@me.com')).toEqual([]);
    expect(likelyDomain('company.example')).toBeUndefined();
  });

  it('counts a swap of two neighbouring letters as one slip', () => {
    expect(editDistance('gmial.com', 'gmail.com')).toBe(1);
    expect(editDistance('gmail.com', 'gmail.com')).toBe(0);
    expect(editDistance('gmal.cm', 'gmail.com')).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { emailSuggestions, MAX_EMAIL_SUGGESTIONS } from './suggestions.ts';

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
});

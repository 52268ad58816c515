import { describe, expect, it } from 'vitest';
import { decodeComponentOrUndefined, pathForDisplay } from './percentDecoding.ts';

describe('percent-decoding that never throws', () => {
  it('decodes valid encoding', () => {
    expect(decodeComponentOrUndefined('a%7Eb')).toBe('a~b');
    expect(pathForDisplay('/en/caf%C3%A9')).toBe('/en/café');
  });

  it('refuses a lone % (a %25 Astro already decoded) instead of throwing', () => {
    expect(decodeComponentOrUndefined('%')).toBeUndefined();
    expect(decodeComponentOrUndefined('%E0%A4%A')).toBeUndefined();
    expect(pathForDisplay('/%')).toBe('/%');
  });
});

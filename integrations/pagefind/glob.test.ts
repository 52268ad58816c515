import { describe, expect, it } from 'vitest';
import { searchGlob } from './glob.ts';

describe('searchGlob', () => {
  it('reads every section of every locale but the trip pages', () => {
    expect(searchGlob(['station', 'trip-page', 'support', 'station', 'operator', 'travel-guides'])).toBe(
      '*/{operator,station,support,travel-guides}/**/*.html',
    );
  });
  it('leaves out names that would break the glob, and has nothing to read without sections', () => {
    expect(searchGlob(['faq', 'a{b', 'c,d'])).toBe('*/{faq}/**/*.html');
    expect(searchGlob(['trip-page'])).toBeUndefined();
  });
});

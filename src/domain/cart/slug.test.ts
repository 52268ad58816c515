import { describe, expect, it } from 'vitest';
import { parseAddToCartSlug, parseSelection } from './slug.ts';

describe('parseAddToCartSlug', () => {
  it('reads a one-way trip with one option', () => {
    expect(parseAddToCartSlug('12.3.4.2025-06-04/7')).toEqual([{ tripKey: '12.3.4.2025-06-04', optionIds: [7] }]);
  });

  it('reads a connection with one option per leg', () => {
    expect(parseAddToCartSlug('12.3.4.2025-06-04~40.5.6.2025-06-04/7+9')).toEqual([
      { tripKey: '12.3.4.2025-06-04~40.5.6.2025-06-04', optionIds: [7, 9] },
    ]);
  });

  it('reads a journey with three changes, as a search offers them (issue 20), and no longer ones', () => {
    const legs = ['1.2.3.2025-06-04', '4.5.6.2025-06-04', '7.8.9.2025-06-05', '10.11.12.2025-06-05'];
    expect(parseAddToCartSlug(`${legs.join('~')}/1+2+3+4`)).toEqual([{ tripKey: legs.join('~'), optionIds: [1, 2, 3, 4] }]);
    expect(parseAddToCartSlug(`${[...legs, '13.1.2.2025-06-06'].join('~')}/1+2+3+4+5`)).toBeUndefined();
  });

  it('reads a round trip as two selections, and tolerates an encoded tilde', () => {
    expect(parseAddToCartSlug('1.2.3.2025-06-04/5/8.3.2.2025-06-09/6')).toHaveLength(2);
    expect(parseAddToCartSlug('1.2.3.2025-06-04%7E2.3.4.2025-06-04/5+6')?.[0]?.optionIds).toEqual([5, 6]);
  });

  it('refuses malformed tails', () => {
    expect(parseAddToCartSlug('')).toBeUndefined();
    expect(parseAddToCartSlug('12.3.4.2025-06-04')).toBeUndefined();
    expect(parseAddToCartSlug('12.3.4.2025-06-04/7+9')).toBeUndefined();
    expect(parseAddToCartSlug('12.3.4/7')).toBeUndefined();
    expect(parseAddToCartSlug('a/b/c/d/e/f')).toBeUndefined();
    expect(parseSelection('1.2.3.2025-06-04', '5;drop')).toBeUndefined();
  });
});

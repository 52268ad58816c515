import { describe, expect, it } from 'vitest';
import { cookieEntry } from '../domain/cookieTable.ts';
import { FROZEN_CART_COOKIE, isCartFrozen } from './frozenCart.ts';

describe('the frozen cart in the browser', () => {
  it('is frozen only when the cookie names this very cart', () => {
    expect(isCartFrozen('abc123', 'abc123')).toBe(true);
    expect(isCartFrozen('abc123', 'other')).toBe(false);
    expect(isCartFrozen('abc123', undefined)).toBe(false);
    expect(isCartFrozen('', '')).toBe(false);
  });

  it('is a cookie of the table that scripts can read', () => {
    expect(cookieEntry(FROZEN_CART_COOKIE)).toMatchObject({ purpose: 'frozen_cart', httpOnly: false, category: 'necessary' });
  });
});

import { describe, expect, it } from 'vitest';
import { backAction, type BackContext } from './backButton.ts';

const ctx = (over: Partial<BackContext>): BackContext => ({
  lang: 'en',
  routeName: 'other',
  query: new URLSearchParams(),
  navigatedInApp: false,
  hideBackButton: false,
  ...over,
});

describe('back button (SPEC §2)', () => {
  it.each(['home', 'search-results', 'railpass-search', 'railpass-main', 'payment-status'] as const)('is hidden on %s', (routeName) => {
    expect(backAction(ctx({ routeName }))).toEqual({ kind: 'hidden' });
  });

  it('is hidden on support after in-app navigation only', () => {
    expect(backAction(ctx({ routeName: 'support', navigatedInApp: true }))).toEqual({ kind: 'hidden' });
    expect(backAction(ctx({ routeName: 'support' })).kind).toBe('link');
  });

  it('is hidden by the white-label setting', () => {
    expect(backAction(ctx({ hideBackButton: true }))).toEqual({ kind: 'hidden' });
  });

  it('goes to checkout with fromCheckout, and to confirmation from payment with checkoutHash', () => {
    expect(backAction(ctx({ query: new URLSearchParams('fromCheckout=1'), navigatedInApp: true }))).toEqual({
      kind: 'link',
      href: '/en/checkout',
    });
    expect(backAction(ctx({ lang: 'de', routeName: 'pay', query: new URLSearchParams('checkoutHash=abc') }))).toEqual({
      kind: 'link',
      href: '/de/checkout/abc/step/confirmation',
    });
  });

  it("goes from a rail pass to its country's page", () => {
    expect(backAction(ctx({ routeName: 'railpass-info', railpassCountrySlug: 'thailand' }))).toEqual({
      kind: 'link',
      href: '/en/railpass/thailand',
    });
  });

  it('returns to search on a first view and uses browser back after in-app navigation', () => {
    expect(backAction(ctx({ lastSearchUrl: '/en/bus/bangkok/chiang-mai?date=2026-12-01' }))).toEqual({
      kind: 'link',
      href: '/en/bus/bangkok/chiang-mai?date=2026-12-01',
    });
    expect(backAction(ctx({}))).toEqual({ kind: 'link', href: '/en' });
    expect(backAction(ctx({ navigatedInApp: true }))).toEqual({ kind: 'history' });
  });
});

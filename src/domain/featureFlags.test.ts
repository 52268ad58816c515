import { describe, expect, it } from 'vitest';
import {
  assignVariants,
  flagIsLive,
  pageFlagFor,
  parseAssignments,
  pickVariant,
  serialiseAssignments,
  variantPath,
  type FeatureFlag,
} from './featureFlags.ts';

const results = (newShare: number): FeatureFlag => ({
  key: 'new_results_page',
  description: '',
  variants: [
    { name: 'classic', share: 100 - newShare },
    { name: 'new', share: newShare },
  ],
});

describe('feature flags per visitor', () => {
  it('gives a new visitor a variant by the shares', () => {
    expect(assignVariants([results(0)], {}, () => 99.9).assignments).toEqual({ new_results_page: 'classic' });
    expect(assignVariants([results(100)], {}, () => 0).assignments).toEqual({ new_results_page: 'new' });
    expect(pickVariant(results(30).variants, 69.9)).toBe('classic');
    expect(pickVariant(results(30).variants, 70)).toBe('new');
  });

  it('keeps a visitor on their variant when the shares change (sticky), and writes the cookie only when needed', () => {
    const first = assignVariants([results(100)], {}, () => 50);
    expect(first).toEqual({ assignments: { new_results_page: 'new' }, cookie: { new_results_page: 'new' }, changed: true });
    expect(assignVariants([results(0)], first.assignments, () => 50)).toEqual({
      assignments: { new_results_page: 'new' },
      cookie: { new_results_page: 'new' },
      changed: false,
    });
  });

  it('gives everyone the control of a flag that is not live, without a cookie (so first visits stay cacheable)', () => {
    expect(assignVariants([results(0)], {}, () => 0)).toEqual({ assignments: { new_results_page: 'classic' }, cookie: {}, changed: false });
    // Once the flag goes live, the visitor is rolled like any new visitor, not pinned to the control.
    expect(assignVariants([results(100)], {}, () => 0).assignments).toEqual({ new_results_page: 'new' });
  });

  it('drops assignments of flags or variants that no longer exist', () => {
    const { assignments, changed } = assignVariants([results(0)], { gone: 'x', new_results_page: 'beta' }, () => 10);
    expect(assignments).toEqual({ new_results_page: 'classic' });
    expect(changed).toBe(true);
  });

  it('reads the cookie text defensively and writes it back the same', () => {
    expect(parseAssignments('new_results_page:new,new_station_page:classic')).toEqual({
      new_results_page: 'new',
      new_station_page: 'classic',
    });
    expect(parseAssignments('new_results_page%3Anew')).toEqual({ new_results_page: 'new' });
    expect(parseAssignments('<script>:x,ok:yes,bad')).toEqual({ ok: 'yes' });
    expect(serialiseAssignments({ b: '2', a: '1' })).toBe('a:1,b:2');
  });

  it('chooses the /new twin of a results pair or station page for a visitor given `new`', () => {
    expect(variantPath('/en/all/bangkok/phuket', '?date=2025-06-04', { new_results_page: 'new' })).toBe(
      '/en/all/bangkok/phuket/new?date=2025-06-04',
    );
    expect(variantPath('/en/bus-van/bangkok/phuket', '', { new_results_page: 'classic' })).toBeNull();
    expect(variantPath('/en/station/12-mo-chit', '', { new_station_page: 'new' })).toBe('/en/station/12-mo-chit/new');
    // Not results pages: rail pass filters, support articles, the /new page itself.
    expect(pageFlagFor('/en/railpass/thailand/operator-srt')).toBeNull();
    expect(pageFlagFor('/en/support/payment-and-refund/cannot-pay')).toBeNull();
    expect(pageFlagFor('/en/all/bangkok/phuket/new')).toBeNull();
  });

  it('calls a flag live only when a variant other than the control has a share', () => {
    expect(flagIsLive(results(0))).toBe(false);
    expect(flagIsLive(results(1))).toBe(true);
    expect(flagIsLive(undefined)).toBe(false);
  });
});

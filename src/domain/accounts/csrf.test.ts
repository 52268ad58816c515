import { describe, expect, it } from 'vitest';
import { isCrossSite } from './csrf.ts';

const site = ['https://roamly.example'];

describe('isCrossSite', () => {
  it('refuses a POST from another origin', () => {
    expect(isCrossSite({ method: 'POST', origin: 'https://evil.example', secFetchSite: null }, site)).toBe(true);
    expect(isCrossSite({ method: 'DELETE', origin: null, secFetchSite: 'cross-site' }, site)).toBe(true);
    expect(isCrossSite({ method: 'POST', origin: 'https://roamly.example', secFetchSite: 'same-site' }, site)).toBe(true);
  });

  it('allows same-origin calls and clients that are not browsers', () => {
    expect(isCrossSite({ method: 'POST', origin: 'https://roamly.example', secFetchSite: 'same-origin' }, site)).toBe(false);
    expect(isCrossSite({ method: 'POST', origin: null, secFetchSite: null }, site)).toBe(false);
  });

  it('never blocks reads', () => {
    expect(isCrossSite({ method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' }, site)).toBe(false);
  });
});

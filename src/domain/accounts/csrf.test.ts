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

  it('refuses a form post that names no allowed Origin, as Astro’s checkOrigin did', () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'Text/Plain;charset=UTF-8']) {
      expect(isCrossSite({ method: 'POST', origin: null, secFetchSite: null, contentType }, site)).toBe(true);
      expect(isCrossSite({ method: 'POST', origin: 'null', secFetchSite: null, contentType }, site)).toBe(true);
      expect(isCrossSite({ method: 'POST', origin: 'https://roamly.example', secFetchSite: 'same-origin', contentType }, site)).toBe(false);
    }
    // An app's JSON call needs no Origin: a browser cannot send it cross-site without a preflight.
    expect(isCrossSite({ method: 'POST', origin: null, secFetchSite: null, contentType: 'application/json' }, site)).toBe(false);
  });

  it('never blocks reads', () => {
    expect(isCrossSite({ method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' }, site)).toBe(false);
  });
});

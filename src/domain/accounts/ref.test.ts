import { describe, expect, it } from 'vitest';
import { loginPath, safeRef } from './ref.ts';

describe('safeRef', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeRef('/en/profile?tab=2')).toBe('/en/profile?tab=2');
  });

  it('refuses targets that would leave the site', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'profile', '/en/x\nSet-Cookie:a', '']) {
      expect(safeRef(bad)).toBeNull();
    }
    expect(safeRef(undefined)).toBeNull();
  });

  it('builds the login path with the encoded ref', () => {
    expect(loginPath('de', '/de/profile?x=1')).toBe('/de/login?ref=%2Fde%2Fprofile%3Fx%3D1');
    expect(loginPath('de', null)).toBe('/de/login');
  });
});

import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safeReturnPath.ts';

/** Known open-redirect bypass forms: each would take a browser to another site, or is no plain path. */
const BYPASSES = [
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https://evil.example/',
  'HTTPS://evil.example/',
  'http:evil.example',
  'http:/evil.example',
  '//evil.example@roamly.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  ' //evil.example',
  '/ /evil.example',
  '/\u3000/evil.example',
  '/\u2028/evil.example',
  '/\u00a0/evil.example',
  '/\ufeff/evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '%2F%2Fevil.example',
  '/..//evil.example',
  '/./..//evil.example',
  '/en/../..//evil.example',
  '／／evil.example',
  '/en/x\nSet-Cookie:a=b',
  '',
  `/${'a'.repeat(2000)}`,
];

describe('safeReturnPath', () => {
  it.each(BYPASSES)('refuses %j', (target) => {
    expect(safeReturnPath(target)).toBeNull();
  });

  it('runs over more than 20 known bypass forms', () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(20);
  });

  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/en/profile?tab=2')).toBe('/en/profile?tab=2');
    expect(safeReturnPath('/ar/bus/bangkok/chiang-mai?date=2026-12-01#results')).toBe('/ar/bus/bangkok/chiang-mai?date=2026-12-01#results');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('returns the path as a browser reads it', () => {
    expect(safeReturnPath('/en/./profile')).toBe('/en/profile');
    expect(safeReturnPath('/en/x/../profile')).toBe('/en/profile');
  });

  it('refuses nothing and undefined', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { operatorInitials, operatorLogoSvg } from './operatorLogo.ts';

describe('operator logo', () => {
  it('takes the initials of the first two words', () => {
    expect(operatorInitials('Andaman Air Link')).toBe('AA');
    expect(operatorInitials('lomprayah')).toBe('L');
    expect(operatorInitials('Nakhonchai-Air')).toBe('NA');
    expect(operatorInitials('  ')).toBe('?');
  });

  it('is the same badge for the same operator and escapes the name', () => {
    const a = operatorLogoSvg({ name: 'Sombat <Tour> & Co', slug: 'sombat-tour' });
    expect(a).toBe(operatorLogoSvg({ name: 'Sombat <Tour> & Co', slug: 'sombat-tour' }));
    expect(a).toContain('aria-label="Sombat &#60;Tour&#62; &#38; Co"');
    expect(a).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});

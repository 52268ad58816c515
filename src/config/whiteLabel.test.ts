import { describe, expect, it } from 'vitest';
import { parseWhiteLabelEnv } from './whiteLabel.ts';

describe('parseWhiteLabelEnv', () => {
  it('is off when nothing (or only blank values) is set', () => {
    expect(parseWhiteLabelEnv({})).toEqual({ logo: undefined, title: undefined, disableLogoUrl: false });
    expect(parseWhiteLabelEnv({ PUBLIC_WL_LOGO: '', PUBLIC_WL_TITLE: '', PUBLIC_DISABLE_LOGO_URL: '' })).toEqual({
      logo: undefined,
      title: undefined,
      disableLogoUrl: false,
    });
  });

  it('reads logo, title and the link switch', () => {
    expect(
      parseWhiteLabelEnv({
        PUBLIC_WL_LOGO: 'https://cdn.partner.example/logo.svg',
        PUBLIC_WL_TITLE: ' Partner Trips ',
        PUBLIC_DISABLE_LOGO_URL: 'true',
      }),
    ).toEqual({ logo: 'https://cdn.partner.example/logo.svg', title: 'Partner Trips', disableLogoUrl: true });
    expect(parseWhiteLabelEnv({ PUBLIC_WL_LOGO: '/partner/logo.png' }).logo).toBe('/partner/logo.png');
  });

  it('fails naming the variable on a bad value', () => {
    expect(() => parseWhiteLabelEnv({ PUBLIC_WL_LOGO: 'javascript:alert(1)' })).toThrow(/PUBLIC_WL_LOGO/);
    expect(() => parseWhiteLabelEnv({ PUBLIC_WL_LOGO: '//evil.example/logo.png' })).toThrow(/PUBLIC_WL_LOGO/);
    expect(() => parseWhiteLabelEnv({ PUBLIC_DISABLE_LOGO_URL: 'yes' })).toThrow(/PUBLIC_DISABLE_LOGO_URL/);
    expect(() => parseWhiteLabelEnv({ PUBLIC_WL_TITLE: 'x'.repeat(81) })).toThrow(/PUBLIC_WL_TITLE/);
  });
});

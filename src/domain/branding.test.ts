import { describe, expect, it } from 'vitest';
import { headerBrand, isAgent, type WhiteLabelConfig } from './branding.ts';

const NONE: WhiteLabelConfig = { disableLogoUrl: false };
const opts = { lang: 'th', defaultName: 'Roamly' };
const operator = { id: 7, logo: '/logos/green-bus.svg', name: 'Green Bus' };

describe('headerBrand', () => {
  it('shows the built-in mark and site name linking to the language home by default', () => {
    expect(headerBrand(NONE, null, opts)).toEqual({ source: 'default', logoSrc: null, name: 'Roamly', showName: true, href: '/th' });
  });

  it('drops the link with disableLogoUrl, whatever else is configured', () => {
    expect(headerBrand({ disableLogoUrl: true }, null, opts).href).toBeNull();
    expect(headerBrand({ disableLogoUrl: true, logo: '/wl.svg' }, null, opts).href).toBeNull();
    expect(headerBrand({ disableLogoUrl: true }, { role: 'reseller', operator }, opts).href).toBeNull();
  });

  it('replaces logo and title with the white-label ones', () => {
    expect(
      headerBrand({ disableLogoUrl: false, logo: 'https://cdn.partner.example/logo.png', title: 'Partner Trips' }, null, opts),
    ).toEqual({
      source: 'white-label',
      logoSrc: 'https://cdn.partner.example/logo.png',
      name: 'Partner Trips',
      showName: true,
      href: '/th',
    });
  });

  it('with a white-label logo only, names the image instead of printing the site name beside it', () => {
    const brand = headerBrand({ disableLogoUrl: false, logo: '/wl.svg' }, null, opts);
    expect(brand).toMatchObject({ source: 'white-label', logoSrc: '/wl.svg', name: 'Roamly', showName: false });
  });

  it('with a white-label title only, keeps the mark and shows the title', () => {
    expect(headerBrand({ disableLogoUrl: false, title: 'Partner Trips' }, null, opts)).toMatchObject({
      source: 'white-label',
      logoSrc: null,
      name: 'Partner Trips',
      showName: true,
    });
  });

  it("co-brands a signed-in agent with the operator's logo and name, over the white-label settings", () => {
    expect(headerBrand(NONE, { role: 'reseller', operator }, opts)).toEqual({
      source: 'operator',
      logoSrc: '/logos/green-bus.svg',
      name: 'Green Bus',
      showName: true,
      href: '/th',
    });
    expect(headerBrand({ disableLogoUrl: false, logo: '/wl.svg', title: 'WL' }, { role: 'reseller', operator }, opts).source).toBe(
      'operator',
    );
  });

  it('does not co-brand travellers or staff, nor an agent without an operator', () => {
    for (const role of ['user', 'admin', 'manager', 'support'] as const) {
      expect(headerBrand(NONE, { role, operator }, opts).source).toBe('default');
    }
    expect(headerBrand(NONE, { role: 'reseller', operator: null }, opts).source).toBe('default');
    expect(headerBrand({ disableLogoUrl: false, title: 'WL' }, { role: 'reseller' }, opts).source).toBe('white-label');
  });
});

describe('isAgent', () => {
  it('is true for resellers only', () => {
    expect(isAgent('reseller')).toBe(true);
    expect(isAgent('user')).toBe(false);
    expect(isAgent(null)).toBe(false);
  });
});

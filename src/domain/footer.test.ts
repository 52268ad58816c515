import { describe, expect, it } from 'vitest';
import { footerCountries, footerLinkGroups } from './footer.ts';

describe('footer config (SPEC §3)', () => {
  it('gives each link group its subtitle and links with title and url', () => {
    const groups = footerLinkGroups('de', (key) => `«${key}»`);
    expect(groups.map((g) => g.subtitle)).toEqual(['«footer.help»', '«footer.company»', '«footer.legal»']);
    expect(groups[1]?.links).toContainEqual({ title: '«footer.railPasses»', url: '/de/railpass' });
    expect(groups.every((g) => g.links.every((l) => l.url.startsWith('/de/')))).toBe(true);
  });

  it('gives each country its region, name, country page and places; a country with no place is left out', () => {
    const countries = footerCountries(
      'en',
      [
        { countryCode: 'TH', places: [{ slug: 'bangkok', name: 'Bangkok' }] },
        { countryCode: 'LA', places: [] },
        { countryCode: 'XX', places: [{ slug: 'somewhere', name: 'Somewhere' }] },
      ],
      { country: (c) => (c === 'TH' ? 'Thailand' : c), regionOf: () => 'Southeast Asia' },
      new Map([
        ['TH', 'thailand'],
        ['LA', 'laos'],
      ]),
    );
    expect(countries).toEqual([
      {
        region_name: 'Southeast Asia',
        country_name: 'Thailand',
        country_url: '/en/travel/thailand',
        places: [{ title: 'Bangkok', url: '/en/travel/bangkok' }],
      },
      {
        region_name: 'Southeast Asia',
        country_name: 'XX',
        country_url: null,
        places: [{ title: 'Somewhere', url: '/en/travel/somewhere' }],
      },
    ]);
  });
});

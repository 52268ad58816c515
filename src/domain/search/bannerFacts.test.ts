import { describe, expect, it } from 'vitest';
import { groupsBanner, recommendedBanner } from './bannerFacts.ts';
import { factsOnDates } from './facts.ts';
import { search, type SearchQuery } from './search.ts';
import { testIndex } from './testNetwork.ts';
import type { Trip } from './trips.ts';

const index = testIndex();
// Monday 2025-03-10, Bangkok → Chiang Mai: trains at 08:00 and 23:30 (฿900), a flight at 10:00 (฿1,750).
const query: SearchQuery = {
  from: { kind: 'place', id: 1 },
  to: { kind: 'place', id: 4 },
  date: '2025-03-10',
  people: 1,
  classes: 'all',
  currency: 'THB',
  now: Date.UTC(2025, 2, 8, 5),
};
const trips = () => search(index, query).trips;
const notBookable = (t: Trip): Trip => ({ ...t, params: { ...t.params, is_bookable: false } });

describe('travelBannerRecommended', () => {
  it('names the first trip of the recommended order and the rules it wins', () => {
    const all = trips();
    const flight = all.find((t) => t.params.vehclasses.includes('avia'));
    expect(recommendedBanner(all)).toEqual({
      id: 'recommended_trip',
      type: 'travelBannerRecommended',
      key: flight?.key,
      vehclasses: ['avia'],
      dep_time: '10:00',
      price: { value: 1750, fxcode: 'THB', minor: 175_000 },
      reasons: ['fastest', 'best_rated'],
    });
  });

  it('is not produced when fewer than two trips can be booked: there is no choice to guide', () => {
    const all = trips();
    expect(recommendedBanner(all.map((t, i) => (i === 0 ? t : notBookable(t))))).toBeUndefined();
  });

  it('skips a top trip that cannot be booked and is not produced when the top trip wins no rule', () => {
    const all = trips();
    const flight = all.find((t) => t.params.vehclasses.includes('avia'));
    // Without the flight the 08:00 train is ranked first and wins every rule among what can be booked.
    const withoutFlight = all.map((t) => (t === flight ? notBookable(t) : t));
    expect(recommendedBanner(withoutFlight)).toMatchObject({
      dep_time: '08:00',
      vehclasses: ['train'],
      reasons: ['cheapest', 'fastest', 'best_rated'],
    });
    // The 23:30 train ranked first: it ties the 08:00 one on price (the earlier is the pick), is
    // slower than the flight and rated lower — no reason a traveller could check.
    const lateFirst = all.map((t) => (t.params.dep_time.endsWith('23:30') ? { ...t, sales_sorting: 0 } : t));
    expect(recommendedBanner(lateFirst)).toBeUndefined();
  });
});

describe('travelBannerGroups', () => {
  it('groups the day by vehicle classes, largest group first, with times and the lowest bookable price', () => {
    expect(groupsBanner(trips())).toEqual({
      id: 'trip_groups',
      type: 'travelBannerGroups',
      groups: [
        { vehclasses: ['train'], count: 2, first_dep: '08:00', last_dep: '23:30', min_price: { value: 900, fxcode: 'THB', minor: 90_000 } },
        {
          vehclasses: ['avia'],
          count: 1,
          first_dep: '10:00',
          last_dep: '10:00',
          min_price: { value: 1750, fxcode: 'THB', minor: 175_000 },
        },
      ],
    });
  });

  it('gives a group with nothing bookable no price', () => {
    const banner = groupsBanner(trips().map((t) => (t.params.vehclasses.includes('avia') ? notBookable(t) : t)));
    expect(banner?.groups.find((g) => g.vehclasses.includes('avia'))?.min_price).toBeNull();
  });

  it('is not produced when every trip travels the same way', () => {
    expect(groupsBanner(trips().filter((t) => t.params.vehclasses.includes('train')))).toBeUndefined();
    expect(groupsBanner([])).toBeUndefined();
  });
});

describe('factsOnDates', () => {
  it('returns the travel facts first, then the banners that apply', () => {
    const facts = factsOnDates(index, { ...query, currency: 'THB' });
    expect(facts.map((f) => [f.id, f.type])).toEqual([
      ['cheapest_day', 'travel'],
      ['fastest_trip', 'travel'],
      ['night_trips', 'travel'],
      ['operators', 'travel'],
      ['recommended_trip', 'travelBannerRecommended'],
      ['trip_groups', 'travelBannerGroups'],
    ]);
  });

  it('has no groups banner on a Sunday, when only trains run', () => {
    const facts = factsOnDates(index, { ...query, date: '2025-03-16' });
    expect(facts.map((f) => f.type)).not.toContain('travelBannerGroups');
  });
});

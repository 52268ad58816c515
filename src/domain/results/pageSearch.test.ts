import { describe, expect, it } from 'vitest';
import { correctedQuery, pageSearch, pageSearchAt, plainBase, todayAt, type PageSearchBase } from './pageSearch.ts';

const base: PageSearchBase = {
  from: { id: '1', slug: 'bangkok', name: 'Bangkok' },
  to: { id: '2', slug: 'chiang-mai', name: 'Chiang Mai' },
  vehclasses: 'all',
  originOffsetMin: 420,
};

describe('the search a results URL asks for (SPEC §2, §4)', () => {
  it('defaults to three days after today, two people, forward', () => {
    const s = pageSearch(base, new URLSearchParams(), '2026-11-21');
    expect(s.request).toEqual({ fromId: '1', toId: '2', date: '2026-11-24', date2: undefined, people: 2, vehclasses: 'all' });
    expect(s.from.slug).toBe('bangkok');
  });
  it('takes date, date2 and people from the query, with the date rules', () => {
    const s = pageSearch(base, new URLSearchParams('date=2026-12-01&date2=2026-11-30&people=3'), '2026-11-21');
    expect([s.date, s.date2, s.people]).toEqual(['2026-12-01', '2026-12-01', 3]);
    expect(pageSearch(base, new URLSearchParams('date=2026-01-01'), '2026-11-21').date).toBe('2026-11-21');
  });
  it('falls back to two people when people is not a whole number from 1 to 20', () => {
    for (const people of ['0', '21', '2.5', 'x']) expect(pageSearch(base, new URLSearchParams({ people }), '2026-11-21').people).toBe(2);
  });
  it('swaps the places for direction=backward', () => {
    const s = pageSearch(base, new URLSearchParams('direction=backward'), '2026-11-21');
    expect([s.from.slug, s.to.slug, s.request.fromId, s.request.toId]).toEqual(['chiang-mai', 'bangkok', '2', '1']);
  });
});

describe('a past date in the URL', () => {
  it('is searched as today and reported, with the query to put in the address bar', () => {
    const s = pageSearch(base, new URLSearchParams('date=2020-01-01&date2=2020-01-05&people=1'), '2026-11-21');
    expect([s.date, s.date2, s.pastDate]).toEqual(['2026-11-21', undefined, '2020-01-01']);
    expect(correctedQuery('?date=2020-01-01&date2=2020-01-05&people=1&sort=fastest', s)).toBe('?date=2026-11-21&people=1&sort=fastest');
  });
  it('keeps a later return date and reports nothing for today, a future, a missing or a malformed date', () => {
    const s = pageSearch(base, new URLSearchParams('date=2026-11-01&date2=2026-11-30'), '2026-11-21');
    expect(correctedQuery('?date=2026-11-01&date2=2026-11-30', s)).toBe('?date=2026-11-21&date2=2026-11-30');
    for (const date of ['2026-11-21', '2026-12-01', '', '2026-02-30', 'yesterday']) {
      const other = pageSearch(base, new URLSearchParams({ date }), '2026-11-21');
      expect(other.pastDate).toBeUndefined();
      expect(correctedQuery(`?date=${date}`, other)).toBeUndefined();
    }
  });
});

describe('in the browser', () => {
  it("uses the origin's today, not the visitor's", () => {
    // 20:00 UTC on 21 November is already 22 November in Bangkok (UTC+7).
    const now = Date.parse('2026-11-21T20:00:00Z');
    expect(todayAt(420, now)).toBe('2026-11-22');
    expect(todayAt(-300, now)).toBe('2026-11-21');
    expect(pageSearchAt(base, '', now).date).toBe('2026-11-25');
  });
  it("drops empty and 'null' values like the server", () => {
    expect(pageSearchAt(base, '?date=null&people=', Date.parse('2026-11-21T00:00:00Z')).request).toMatchObject({
      date: '2026-11-24',
      people: 2,
    });
  });
  it('hands the islands only id, slug and name of each place', () => {
    const wide = { ...base, from: { ...base.from, placeId: 7, countryCode: 'TH' } };
    expect(plainBase(wide).from).toEqual({ id: '1', slug: 'bangkok', name: 'Bangkok' });
  });
});

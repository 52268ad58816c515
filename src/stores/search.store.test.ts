import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import {
  $canSubmit,
  $date,
  $date2,
  $from,
  $mounted,
  $passengers,
  $people,
  $to,
  initSearchForm,
  setAccommodation,
  setDate,
  setPassengerCount,
  setReturnDate,
  submitSearch,
  swapPlaces,
} from './search.store.ts';

const bangkok = { id: '1', slug: 'bangkok', name: 'Bangkok' };
const chiangMai = { id: '2', slug: 'chiang-mai', name: 'Chiang Mai' };
const today = '2026-11-21';

afterEach(() => {
  cleanStores($from, $to, $date, $date2, $passengers, $mounted);
  $mounted.set(false);
});

function submit(currentUrl = '/en') {
  const visits: string[] = [];
  const hotels: string[] = [];
  const target = submitSearch({
    lang: 'en',
    vehclass: 'all',
    hotelTemplate: 'https://hotels.example/?q={destination}&in={checkin}&out={checkout}',
    currentUrl,
    today,
    navigate: (u) => visits.push(u),
    openHotel: (u) => hotels.push(u),
  });
  return { target, visits, hotels };
}

describe('search form store', () => {
  it('fills from the page, defaults the date to today + 3 and 2 people', () => {
    initSearchForm({ from: bangkok }, today);
    expect($from.get()).toEqual(bangkok);
    expect($to.get()).toBeNull();
    expect($date.get()).toBe('2026-11-24');
    expect($people.get()).toBe(2);
  });

  it('keeps submit disabled until mounted and while a place is missing', () => {
    $from.set(bangkok);
    $to.set(chiangMai);
    expect($canSubmit.get()).toBe(false);
    initSearchForm({ from: bangkok }, today);
    expect($canSubmit.get()).toBe(false);
    expect(submit().target).toBeUndefined();
    $to.set(chiangMai);
    expect($canSubmit.get()).toBe(true);
  });

  it('swaps from and to', () => {
    initSearchForm({ from: bangkok, to: chiangMai }, today);
    swapPlaces();
    expect($from.get()).toEqual(chiangMai);
    expect($to.get()).toEqual(bangkok);
  });

  it('corrects a return date before the departure and clears it for one way', () => {
    initSearchForm({ from: bangkok, to: chiangMai, date: '2026-12-10' }, today);
    setReturnDate('2026-12-05', today);
    expect($date2.get()).toBe('2026-12-10');
    setDate('2026-12-20', today);
    expect($date2.get()).toBe('2026-12-20');
    setReturnDate(undefined, today);
    expect($date2.get()).toBeUndefined();
  });

  it('people in the page overrides adults when it differs from the total', () => {
    initSearchForm({ from: bangkok, to: chiangMai, people: 4 }, today);
    expect($passengers.get()).toEqual({ adults: 4, children: 0, infants: 0 });
    setPassengerCount('children', 30);
    expect($people.get()).toBe(20);
  });

  it('navigates to the results page and opens the hotel when accommodation is on', () => {
    initSearchForm({ from: bangkok, to: chiangMai, date: '2026-12-01' }, today);
    const { target, visits, hotels } = submit();
    expect(target).toBe('/en/all/bangkok/chiang-mai?date=2026-12-01&people=2');
    expect(visits).toEqual([target]);
    expect(hotels).toEqual(['https://hotels.example/?q=Chiang%20Mai&in=2026-12-01&out=2026-12-02']);
  });

  it('does not open the hotel when accommodation is off, nor navigate to the same page', () => {
    initSearchForm({ from: bangkok, to: chiangMai, date: '2026-12-01' }, today);
    setAccommodation(false);
    expect(submit().hotels).toEqual([]);
    const same = submit('/en/all/bangkok/chiang-mai?date=2026-12-01&people=2');
    expect(same.target).toBeUndefined();
    expect(same.visits).toEqual([]);
    setAccommodation(true);
  });
});

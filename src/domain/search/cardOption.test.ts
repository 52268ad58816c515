import { describe, expect, it } from 'vitest';
import { bookableOptions, cardOption } from './cardOption.ts';
import type { TravelOption } from './trips.ts';

function option(id: string, minor: number, bookable: 0 | 1): TravelOption {
  return {
    id,
    class: `class ${id}`,
    class_id: `class-${id}`,
    booking_uri: `/en/add-to-cart/k/${id}`,
    bookable,
    seats_left: bookable ? 10 : 0,
    price: { value: minor / 100, fxcode: 'USD', minor },
    rating: null,
    dep_datetime: '2026-12-01 06:35',
    discount_data: null,
    round_trip_discount_pct: null,
    full_refund_until: null,
    features: [],
  };
}

describe('the class a card shows and books', () => {
  it('is the cheapest class that can be booked now, not the cheapest sold-out one', () => {
    const options = [option('second', 1_805, 1), option('third', 372, 0), option('first', 4_000, 1)];
    expect(cardOption(options)?.id).toBe('second');
    expect(bookableOptions(options).map((o) => o.id)).toEqual(['second', 'first']);
  });
  it('is the cheapest class of a sold-out trip (shown, not booked)', () => {
    expect(cardOption([option('a', 900, 0), option('b', 500, 0)])?.id).toBe('b');
    expect(cardOption([])).toBeUndefined();
  });
});

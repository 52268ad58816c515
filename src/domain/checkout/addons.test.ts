import { describe, expect, it } from 'vitest';
import { addonLines, addonRowsFromValue, addonValueOfRows, localMinus, luggageLabel, pickupOptions, removeLuggageRow } from './addons.ts';
import { addonsSchema } from './validation.ts';

const prices = { fromThb: (thb: number) => Math.round(thb / 35), fareMinor: 10_000, people: 2 };

describe('add-ons', () => {
  it('prices insurance on the fare, luggage per piece and a pickup once', () => {
    const pickups = pickupOptions('2025-06-04 21:00', 'Mo Chit', localMinus);
    expect(pickups[0]).toMatchObject({ arrival_datetime: '2025-06-04 20:15', arrival_station_name: 'Mo Chit' });
    const lines = addonLines(
      {
        insurance: 'basic',
        luggage: [
          { option: '20kg', quantity: 3 },
          { option: '30kg', quantity: 0 },
        ],
        pickup: 'pickup-90',
      },
      prices,
      pickups,
    );
    expect(lines).toEqual([
      { kind: 'insurance', value: 'basic', quantity: 2, amountMinor: 300 },
      { kind: 'luggage', value: '20kg', quantity: 3, amountMinor: 429 * 3 },
      { kind: 'pickup', value: 'pickup-90', quantity: 1, amountMinor: 571 },
    ]);
  });

  it('refuses an option that does not exist', () => {
    expect(addonLines({ insurance: 'platinum', luggage: [], pickup: null }, prices, [])).toBe('unknown_addon');
  });

  it('keeps the last luggage row when asked to remove it', () => {
    expect(removeLuggageRow(['a', 'b'], 0)).toEqual(['b']);
    expect(removeLuggageRow(['b'], 0)).toEqual(['b']);
  });

  it('crosses midnight backwards for an early pickup', () => {
    expect(localMinus('2025-06-05 00:30', 45)).toBe('2025-06-04 23:45');
  });
});

describe('luggageLabel (issue 17: units in the traveller’s language)', () => {
  it('writes the weight with the locale’s unit', () => {
    expect(luggageLabel('20kg', 'en')).toBe('20 kg');
    expect(luggageLabel('20kg', 'ar-ae')).toBe(new Intl.NumberFormat('ar-ae', { style: 'unit', unit: 'kilogram' }).format(20));
    expect(luggageLabel('30kg', 'ru')).toBe('30 кг');
    expect(luggageLabel('oversize', 'de')).toBe('oversize');
  });
});

describe('an addon field’s comma-separated value (SPEC §3)', () => {
  it('reads option:count pairs, a bare option as one piece, and the same option twice as their sum', () => {
    expect(addonRowsFromValue('20kg:2, 30kg,20kg')).toEqual([
      { option: '20kg', quantity: 3 },
      { option: '30kg', quantity: 1 },
    ]);
    expect(addonRowsFromValue('')).toEqual([]);
    expect(addonRowsFromValue('20kg:x')[0]?.quantity).toBeNaN();
  });

  it('writes the rows back in the same form, leaving rows of no pieces out', () => {
    const rows = [
      { option: '20kg', quantity: 2 },
      { option: '30kg', quantity: 0 },
      { option: '30kg', quantity: 1 },
    ];
    expect(addonValueOfRows(rows)).toBe('20kg:2,30kg');
    expect(addonRowsFromValue(addonValueOfRows(rows))).toEqual([
      { option: '20kg', quantity: 2 },
      { option: '30kg', quantity: 1 },
    ]);
  });

  it('is accepted by the booking form beside the structured rows, and a bad token names its row', () => {
    expect(addonsSchema.parse({ luggage: '20kg:2,30kg' }).luggage).toEqual([
      { option: '20kg', quantity: 2 },
      { option: '30kg', quantity: 1 },
    ]);
    expect(addonsSchema.parse({ luggage: [{ option: '20kg', quantity: 2 }] }).luggage).toEqual([{ option: '20kg', quantity: 2 }]);
    expect(addonsSchema.parse({}).luggage).toEqual([]);
    const bad = addonsSchema.safeParse({ luggage: '20kg:2,30kg:100' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['luggage.1.quantity']);
    expect(addonsSchema.safeParse({ luggage: 'twenty kilos' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['luggage.0.quantity']);
  });
});

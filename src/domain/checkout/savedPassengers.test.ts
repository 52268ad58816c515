import { describe, expect, it } from 'vitest';
import { decodeSaved, formFromBooking, mergeSaved, migrateLegacy } from './savedPassengers.ts';

const anna = { full_name: 'Anna Berg', nationality: 'SE', document_number: 'P1234567', birth_date: '1990-02-03' };

describe('saved passengers', () => {
  it('keeps documents and birth dates only when the traveller asks for it', () => {
    expect(mergeSaved([], [anna], false)).toEqual([{ full_name: 'Anna Berg', nationality: 'SE' }]);
    expect(mergeSaved([], [anna], true)).toEqual([anna]);
  });

  it('puts the newest first, once per person, at most ten', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ full_name: `P${String(i)}` }));
    const merged = mergeSaved(many, [{ full_name: 'P3', nationality: 'TH' }], false);
    expect(merged[0]).toEqual({ full_name: 'P3', nationality: 'TH' });
    expect(merged.filter((p) => p.full_name === 'P3')).toHaveLength(1);
    expect(merged).toHaveLength(10);
    expect(mergeSaved([], [{}, { full_name: '  ' }], true)).toEqual([]);
  });

  it('strips the documents an earlier version stored, and reads bad storage as nothing', () => {
    expect(migrateLegacy(JSON.stringify([anna, { document_number: 'X1' }]))).toEqual([{ full_name: 'Anna Berg', nationality: 'SE' }]);
    expect(migrateLegacy('{not json')).toEqual([]);
    expect(decodeSaved(JSON.stringify({ full_name: 'x' }))).toEqual([]);
    expect(decodeSaved(JSON.stringify([{ full_name: 'Li', evil: '<script>', nationality: 7 }]))).toEqual([{ full_name: 'Li' }]);
  });
});

describe('formFromBooking', () => {
  it('reopens the form as the held booking left it', () => {
    const form = formFromBooking(
      {
        email: 'anna@example.com',
        passengers: [anna],
        addons: { insurance: 'basic', luggage: [{ option: '30kg', quantity: 2 }], pickup: null, phone: '+66 81 234 5678' },
      },
      2,
      '20kg',
    );
    expect(form).toEqual({
      email: 'anna@example.com',
      phone: '+66 81 234 5678',
      passengers: [anna, {}],
      addons: { insurance: 'basic', luggage: [{ option: '30kg', quantity: 2 }], pickup: null },
    });
  });

  it('gives an empty luggage row when none was chosen', () => {
    expect(formFromBooking({ email: null, passengers: [], addons: {} }, 1, '20kg')).toEqual({
      email: '',
      phone: '',
      passengers: [{}],
      addons: { insurance: null, luggage: [{ option: '20kg', quantity: 0 }], pickup: null },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { passengerFields } from './fields.ts';

describe('passengerFields', () => {
  it('asks a bus traveller only for a name', () => {
    expect(passengerFields(['bus'])).toEqual({ required: ['full_name'], shown: ['full_name'] });
  });

  it('takes the union over the legs of a connection', () => {
    expect(passengerFields(['bus', 'ferry']).required).toEqual(['full_name', 'nationality', 'document_number']);
  });

  it('asks for split names and the passport set on a flight, with an optional middle name', () => {
    const fields = passengerFields(['bus', 'avia']);
    expect(fields.required).not.toContain('full_name');
    expect(fields.required).toEqual([
      'first_name',
      'last_name',
      'gender',
      'birth_date',
      'nationality',
      'document_number',
      'document_expiry',
    ]);
    expect(fields.shown).toContain('middle_name');
  });
  it('asks a rail pass traveller for a name and the birth date the fare rests on, beside a boat', () => {
    expect(passengerFields(['railpass']).required).toEqual(['full_name', 'birth_date']);
    expect(passengerFields(['ferry', 'railpass']).required).toEqual(['full_name', 'birth_date', 'nationality', 'document_number']);
  });
});

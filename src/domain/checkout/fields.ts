/**
 * Which passenger details an operator needs (SPEC §4 passengers step). A bus or van operator
 * needs a name; boats and trains record a nationality and an id for the manifest; airlines need
 * the full passport set; a rail pass a name and the birth date its fare rests on. A cart needs
 * the union over its legs and products (a product kind without a rule asks for a name); the lead passenger always gives
 * an email and a phone for the tickets.
 */

export type PassengerField =
  | 'full_name'
  | 'first_name'
  | 'middle_name'
  | 'last_name'
  | 'nationality'
  | 'document_number'
  | 'document_expiry'
  | 'birth_date'
  | 'gender';

/** Fields shown in form order; `middle_name` is offered whenever names are split, never required. */
export const FIELD_ORDER: readonly PassengerField[] = [
  'full_name',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'birth_date',
  'nationality',
  'document_number',
  'document_expiry',
];

const BY_CLASS: Record<string, readonly PassengerField[]> = {
  bus: ['full_name'],
  van: ['full_name'],
  charter: ['full_name'],
  ferry: ['full_name', 'nationality', 'document_number'],
  train: ['full_name', 'nationality', 'document_number'],
  avia: ['first_name', 'last_name', 'gender', 'birth_date', 'nationality', 'document_number', 'document_expiry'],
  // A rail pass (product kind `railpass`) is issued to a named traveller whose fare rests on their age.
  railpass: ['full_name', 'birth_date'],
};

export interface FieldSet {
  required: PassengerField[];
  shown: PassengerField[];
}

export function passengerFields(vehicleClasses: readonly string[]): FieldSet {
  const required = new Set<PassengerField>();
  for (const c of vehicleClasses) for (const f of BY_CLASS[c] ?? BY_CLASS.bus ?? []) required.add(f);
  // Split names (airlines) replace the single full name: asking both would be asking twice.
  if (required.has('first_name')) required.delete('full_name');
  const shown = new Set(required);
  if (required.has('first_name')) shown.add('middle_name');
  return {
    required: FIELD_ORDER.filter((f) => required.has(f)),
    shown: FIELD_ORDER.filter((f) => shown.has(f)),
  };
}

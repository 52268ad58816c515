/**
 * The Buy form of a pass page as a purchase: the form repeats one block of traveller fields per
 * traveller (the same names, in order); a block left empty is no traveller, except the first,
 * which is always checked (so an empty form is refused for its missing name, not for no one).
 * The result is parsed by `railpassPurchaseSchema` (line.ts) like a cart/railpass body.
 */

export interface FormFields {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

export function purchaseFromForm(form: FormFields | undefined) {
  const one = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const each = (name: string) => (form?.getAll(name) ?? []).map((v) => (typeof v === 'string' ? v.trim() : ''));
  const [names, births, residences] = [each('fullName'), each('birthDate'), each('residence')];
  const blocks = Math.max(names.length, births.length, residences.length, 1);
  const travellers = Array.from({ length: blocks }, (_, i) => ({
    fullName: names[i] ?? '',
    birthDate: births[i] ?? '',
    residence: residences[i] ?? '',
  })).filter((p, i) => i === 0 || p.fullName !== '' || p.birthDate !== '' || p.residence !== '');
  return {
    passId: Number(one('passId')),
    classKey: one('classKey'),
    passengerKind: one('passengerKind'),
    startDate: one('startDate'),
    travellers,
  };
}

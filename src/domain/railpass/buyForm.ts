/**
 * The Buy form of a pass page as a purchase: the form repeats one block of traveller fields per
 * traveller (the same names, in order), each with its own passenger kind, so one purchase may
 * hold an adult and a child; a block left empty (no name, birth date or residence: the kind
 * always has a value) is no traveller, except the first, which is always checked (so an empty
 * form is refused for its missing name, not for no one). The result is parsed by
 * `railpassPurchaseSchema` (line.ts) like a cart/railpass body; each traveller's age is then
 * checked against their own kind's rule (purchase.ts lineProblems).
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
  const [kinds, names, births, residences] = [each('kind'), each('fullName'), each('birthDate'), each('residence')];
  const blocks = Math.max(names.length, births.length, residences.length, 1);
  const travellers = Array.from({ length: blocks }, (_, i) => ({
    kind: kinds[i] ?? '',
    fullName: names[i] ?? '',
    birthDate: births[i] ?? '',
    residence: residences[i] ?? '',
  })).filter((p, i) => i === 0 || p.fullName !== '' || p.birthDate !== '' || p.residence !== '');
  return {
    passId: Number(one('passId')),
    classKey: one('classKey'),
    startDate: one('startDate'),
    travellers,
  };
}

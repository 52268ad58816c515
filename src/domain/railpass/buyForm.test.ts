import { describe, expect, it } from 'vitest';
import { purchaseFromForm } from './buyForm.ts';
import { railpassPurchaseSchema } from './line.ts';

function form(travellers: ([string, string, string] | [string, string, string, string])[]) {
  const data = new FormData();
  data.set('passId', '111');
  data.set('classKey', 'ordinary');
  data.set('startDate', '2026-12-10');
  for (const [name, birth, residence, kind = 'adult'] of travellers) {
    data.append('kind', kind);
    data.append('fullName', name);
    data.append('birthDate', birth);
    data.append('residence', residence);
  }
  return data;
}

describe('purchaseFromForm', () => {
  it('takes every filled traveller block in order and leaves the empty ones out', () => {
    const purchase = purchaseFromForm(
      form([
        ['Anna Berg', '1990-04-12', 'TH'],
        ['', '', ''],
        ['Minh Tran', '1988-11-02', 'VN'],
        ['', '', ''],
      ]),
    );
    expect(purchase.travellers).toEqual([
      { kind: 'adult', fullName: 'Anna Berg', birthDate: '1990-04-12', residence: 'TH' },
      { kind: 'adult', fullName: 'Minh Tran', birthDate: '1988-11-02', residence: 'VN' },
    ]);
    expect(railpassPurchaseSchema.safeParse(purchase).success).toBe(true);
  });

  it('keeps a half-filled block so the traveller hears which field is missing', () => {
    const purchase = purchaseFromForm(
      form([
        ['Anna Berg', '1990-04-12', 'TH'],
        ['Minh Tran', '', ''],
      ]),
    );
    const parsed = railpassPurchaseSchema.safeParse(purchase);
    expect(parsed.success).toBe(false);
    expect(new Set(parsed.error?.issues.map((i) => i.path.join('.')))).toEqual(
      new Set(['travellers.1.birthDate', 'travellers.1.residence']),
    );
  });

  it('gives each traveller the kind chosen in their own block (an adult and a child in one purchase)', () => {
    const purchase = purchaseFromForm(
      form([
        ['Anna Berg', '1990-04-12', 'TH', 'adult'],
        ['Linnea Berg', '2019-02-01', 'TH', 'child'],
        ['', '', '', 'youth'],
      ]),
    );
    expect(purchase.travellers.map((p) => p.kind)).toEqual(['adult', 'child']);
    expect(railpassPurchaseSchema.safeParse(purchase).success).toBe(true);
    const unknown = railpassPurchaseSchema.safeParse(purchaseFromForm(form([['Anna Berg', '1990-04-12', 'TH', 'infant']])));
    expect(unknown.error?.issues.map((i) => i.path.join('.'))).toEqual(['travellers.0.kind']);
  });

  it('always checks the first traveller, even when the whole form is empty', () => {
    const parsed = railpassPurchaseSchema.safeParse(purchaseFromForm(form([['', '', '']])));
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('travellers.0.fullName');
    expect(purchaseFromForm(undefined).travellers).toHaveLength(1);
  });
});

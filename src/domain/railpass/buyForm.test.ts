import { describe, expect, it } from 'vitest';
import { purchaseFromForm } from './buyForm.ts';
import { railpassPurchaseSchema } from './line.ts';

function form(travellers: [string, string, string][]) {
  const data = new FormData();
  data.set('passId', '111');
  data.set('classKey', 'ordinary');
  data.set('passengerKind', 'adult');
  data.set('startDate', '2026-12-10');
  for (const [name, birth, residence] of travellers) {
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
      { fullName: 'Anna Berg', birthDate: '1990-04-12', residence: 'TH' },
      { fullName: 'Minh Tran', birthDate: '1988-11-02', residence: 'VN' },
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

  it('always checks the first traveller, even when the whole form is empty', () => {
    const parsed = railpassPurchaseSchema.safeParse(purchaseFromForm(form([['', '', '']])));
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('travellers.0.fullName');
    expect(purchaseFromForm(undefined).travellers).toHaveLength(1);
  });
});

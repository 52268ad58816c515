import { describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { refundPreview } from '../../domain/tickets/refund.ts';
import { ENGLISH } from '../../i18n/messages.ts';
import { createTranslator } from '../../i18n/translate.ts';
import { railpassLineOf, railpassProduct } from './product.ts';
import { RAILPASS_CATALOGUE } from './seed/catalogue.ts';

const korea = RAILPASS_CATALOGUE.find((p) => p.slug === 'korea-rail-pass-flexi-2-days');
if (!korea) throw new Error('no Korea Rail Pass in the catalogue');
const pass = { ...korea, rating: 4.5, reviewCount: 4 };
const NOW = Date.parse('2026-03-10T08:00:00Z');
const index = {
  fx: new Map([
    ['KRW', { perUsd: 1350, minorUnits: 0 }],
    ['THB', { perUsd: 35, minorUnits: 2 }],
  ]),
  railpasses: { passes: [pass], byId: new Map([[pass.id, pass]]) },
} as unknown as TimetableIndex;
const MINH = { kind: 'youth' as const, fullName: 'Minh Tran', birthDate: '2003-05-01', residence: 'VN' };
const LAN = { kind: 'child' as const, fullName: 'Lan Tran', birthDate: '2016-08-09', residence: 'VN' };
const purchase = { passId: pass.id, classKey: 'standard', startDate: '2026-03-20', travellers: [MINH] };
const line = railpassLineOf(pass, purchase);
if (!line) throw new Error('no line');
const q = { currency: 'THB', now: NOW, index, people: 1 };
const thb = (krw: number) => Math.round((krw / 1350) * 35 * 100);

describe('the rail pass product', () => {
  it('quotes the fare of the passenger kind through FX', () => {
    expect(railpassProduct.quote([line], q)).toEqual([{ priceMinor: thb(97_000), currency: 'THB' }]);
  });
  it('prices a line of a youth and a child as the sum of their own fares, whatever the cart’s people', () => {
    const mixed = railpassLineOf(pass, { ...purchase, travellers: [MINH, LAN] });
    if (!mixed) throw new Error('no line');
    expect(railpassProduct.quote([mixed], { ...q, people: 2 })).toEqual([{ priceMinor: thb(97_000 + 61_000), currency: 'THB' }]);
    // A kind the class does not sell (no senior fare on a Korea Rail Pass) is not sold.
    expect(railpassProduct.quote([{ ...mixed, travellers: [MINH, { ...LAN, kind: 'senior' }] }], { ...q, people: 2 })).toBe(
      'unknown_option',
    );
  });
  it('reads a line stored before travellers had a kind each as that kind for all of them', () => {
    const { travellers, ...rest } = line;
    const stored = {
      ...rest,
      passengerKind: 'youth',
      travellers: travellers.map((t) => ({ fullName: t.fullName, birthDate: t.birthDate, residence: t.residence })),
    };
    expect(railpassProduct.line.parse(stored)).toEqual(line);
  });
  it('refuses a line whose terms are no longer the catalogue’s, or whose start date left the window', () => {
    expect(railpassProduct.quote([{ ...line, terms: { ...line.terms, dailyAllocation: 999 } }], q)).toBe('unknown_option');
    expect(railpassProduct.quote([line], { ...q, now: Date.parse('2026-03-20T01:00:00Z') })).toBe('sales_closed');
    expect(railpassProduct.quote([{ ...line, travellers: [{ ...MINH, kind: 'adult' }] }], q)).toBe('unknown_option');
  });
  it('takes one unit of the day’s allocation per traveller', () => {
    expect(railpassProduct.stock(line, { priceMinor: 1, currency: 'THB' })).toEqual([
      { store: 'product_stock', key: `${String(pass.id)}:2026-03-20`, capacity: pass.dailyAllocation },
    ]);
  });
  it('refunds the line’s own total in full until the day before the start, then the pass’s late share', async () => {
    const [term] = await railpassProduct.refundTerms({} as never, [{ line, priceMinor: 20_000 }], 2);
    if (!term) throw new Error('no refund term');
    expect(term).toMatchObject({ fareMinor: 20_000, lateRefundPct: 85, fullRefundUntil: new Date('2026-03-19T00:00:00Z') });
    expect(refundPreview([term], 0, new Date('2026-03-18T12:00:00Z')).refundMinor).toBe(20_000);
    expect(refundPreview([term], 0, new Date('2026-03-19T12:00:00Z')).refundMinor).toBe(17_000);
  });
  it('prints its validity, travellers, how to activate it and a voucher per traveller', () => {
    const t = createTranslator('en', ENGLISH, ENGLISH);
    const [item] = railpassProduct.ticketItems([line], 'en', t);
    expect(item).toEqual({
      title: 'Korea Rail Pass Flexi 2 days in 10',
      details: [
        'Class: Standard',
        '2 travel days within 10 days',
        'Minh Tran, born 2003-05-01, resident of VN · Youth',
        expect.stringContaining('Activate the pass online'),
      ],
      validFrom: '2026-03-20',
      validUntil: '2026-03-29',
      holders: ['Minh Tran'],
    });
  });
});

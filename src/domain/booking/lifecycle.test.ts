import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, isHolding, isPaid, startingStatuses, transitionAllowed, transitionTable, TRANSITIONS } from './lifecycle.ts';

describe('booking lifecycle', () => {
  it('starts every booking as a hold and nowhere else', () => {
    const births = transitionTable().filter((row) => row.from === null);
    expect(births).toEqual([{ transition: 'hold', from: null, to: 'reserved' }]);
  });

  it('never brings a cancelled or refunded booking back', () => {
    for (const row of transitionTable())
      if (row.from === 'cancelled' || row.from === 'refunded') throw new Error(`${row.transition} leaves ${row.from}`);
    expect(transitionAllowed('pay', 'refunded', 'confirmed')).toBe(false);
    expect(transitionAllowed('cancel', 'cancelled', 'refunded')).toBe(false);
  });

  it('takes money for a lapsed hold (seats re-checked) but not for a paid booking', () => {
    expect(transitionAllowed('pay', 'expired', 'confirmed')).toBe(true);
    expect(transitionAllowed('pay', 'confirmed', 'confirmed')).toBe(false);
    expect(transitionAllowed('pay_refused', 'expired', 'refunded')).toBe(true);
  });

  it('lapses only holds, and cancels only paid bookings', () => {
    expect(startingStatuses('lapse').sort()).toEqual(['awaiting_payment', 'reserved']);
    expect(startingStatuses('cancel').sort()).toEqual(['confirmed', 'paid', 'pending_confirmation']);
    expect(transitionAllowed('lapse', 'confirmed', 'expired')).toBe(false);
    expect(transitionAllowed('cancel', 'reserved', 'cancelled')).toBe(false);
  });

  it('keeps the status on passenger changes and re-issues, only for paid bookings', () => {
    expect(transitionAllowed('change_passengers', 'confirmed', 'confirmed')).toBe(true);
    expect(transitionAllowed('change_passengers', 'confirmed', 'cancelled')).toBe(false);
    expect(transitionAllowed('reissue_ticket', 'expired', 'expired')).toBe(false);
  });

  it('names only known statuses', () => {
    for (const edges of Object.values(TRANSITIONS))
      for (const [from, to] of edges) {
        if (from !== null) expect(BOOKING_STATUSES).toContain(from);
        expect(BOOKING_STATUSES).toContain(to);
      }
    expect(isHolding('awaiting_payment')).toBe(true);
    expect(isPaid('pending_confirmation')).toBe(true);
    expect(isPaid('refunded')).toBe(false);
  });
});

describe('the lifecycle table in docs/ARCHITECTURE.md', () => {
  it('is the table the code enforces', () => {
    const doc = readFileSync(new URL('../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
    const start = doc.indexOf('| transition');
    const lines = doc.slice(start).split('\n');
    const rows = lines.slice(
      2,
      lines.findIndex((l, i) => i > 1 && !l.startsWith('|')),
    );
    const cells = (line: string) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replaceAll('`', ''));
    const documented = Object.fromEntries(
      rows.map((line) => {
        const [name = '', from = '', to = ''] = cells(line);
        return [name, { from, to }];
      }),
    );
    const expected = Object.fromEntries(
      Object.entries(TRANSITIONS).map(([name, edges]) => {
        const from = [...new Set(edges.map(([f]) => f ?? '(new)'))].join(', ');
        const unchanged = edges.every(([f, t]) => f === t);
        return [name, { from, to: unchanged ? 'unchanged' : [...new Set(edges.map(([, t]) => t))].join(', ') }];
      }),
    );
    expect(documented).toEqual(expected);
  });
});

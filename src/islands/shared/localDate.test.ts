import { describe, expect, it, vi } from 'vitest';
import { localDate } from './localDate.ts';

describe('localDate (SPEC §8)', () => {
  it('reads a valid date as that local calendar day', () => {
    const date = localDate('2026-02-28', vi.fn());
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 1, 28]);
  });

  it.each(['2026-02-30', '28/02/2026', '', '2026-2-8', 'null'])('warns and gives undefined for %j', (value) => {
    const warn = vi.fn();
    expect(localDate(value, warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain(JSON.stringify(value));
  });

  it('warns through the console in development by default', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(localDate('tomorrow')).toBeUndefined();
    expect(spy).toHaveBeenCalledTimes(import.meta.env.DEV ? 1 : 0);
    spy.mockRestore();
  });
});

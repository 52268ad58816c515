import { describe, expect, it } from 'vitest';
import { isRowId, MAX_ROW_ID, rowIdSchema } from './ids.ts';

describe('row ids', () => {
  it('accepts 1 … 2^31 − 1', () => {
    expect(isRowId(1)).toBe(true);
    expect(isRowId(MAX_ROW_ID)).toBe(true);
    expect(rowIdSchema.parse('42')).toBe(42);
  });

  it('refuses what would overflow the integer column, negatives and fractions', () => {
    for (const bad of [MAX_ROW_ID + 1, 2 ** 63, -1, 0, 1.5, Number.POSITIVE_INFINITY, Number.NaN]) expect(isRowId(bad)).toBe(false);
    for (const bad of ['2147483648', '9223372036854775808', '-1', '1.5', '1e309', 'abc'])
      expect(rowIdSchema.safeParse(bad).success).toBe(false);
  });
});

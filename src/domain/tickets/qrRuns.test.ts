import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { darkModuleRuns } from './qrRuns.ts';

describe('darkModuleRuns', () => {
  it('covers exactly the dark modules of a real QR code, with no overlap', () => {
    const { modules } = QRCode.create('RMLY-ABCD2345.signature', { errorCorrectionLevel: 'M' });
    const painted = new Set<string>();
    for (const run of darkModuleRuns(modules.size, (r, c) => Boolean(modules.get(r, c))))
      for (let c = run.col; c < run.col + run.length; c++) {
        const key = `${String(run.row)}:${String(c)}`;
        expect(painted.has(key)).toBe(false);
        painted.add(key);
      }
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++) expect(painted.has(`${String(r)}:${String(c)}`)).toBe(Boolean(modules.get(r, c)));
  });

  it('joins neighbours into one run and ends a run at the row edge', () => {
    const grid = ['##.#', '....', '.###'];
    expect(darkModuleRuns(3, (r, c) => grid[r]?.[c] === '#')).toEqual([
      { row: 0, col: 0, length: 2 },
      { row: 2, col: 1, length: 2 },
    ]);
  });
});

/**
 * A QR code's dark modules as horizontal runs, so a vector renderer (the e-ticket PDF) draws
 * one rectangle per run instead of one per module or a bitmap.
 */
export interface ModuleRun {
  row: number;
  /** First dark column of the run. */
  col: number;
  /** Number of consecutive dark modules. */
  length: number;
}

export function darkModuleRuns(size: number, isDark: (row: number, col: number) => boolean): ModuleRun[] {
  const runs: ModuleRun[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && isDark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}

/**
 * How fast this machine is right now, printed with every benchmark result.
 *
 * The benchmarks run on a shared virtual machine whose speed was seen to move by a factor of
 * two between sessions (and by a third within one). A result means little without it, so each
 * benchmark times a fixed CPU workload before it starts — the same JavaScript every time, so
 * two runs' probes compare — and reads the CPU time the hypervisor took from this machine
 * ("steal", from /proc/stat on Linux) while it ran.
 */
import { readFileSync } from 'node:fs';

/** Milliseconds for a fixed mix of sorting, string building and JSON (median of 7 rounds). */
export function probeMachineSpeed(): number {
  const rounds: number[] = [];
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    let seed = 12_345;
    const numbers = Array.from({ length: 200_000 }, () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0));
    numbers.sort((a, b) => a - b);
    const records = numbers.slice(0, 20_000).map((n) => ({ id: n, label: `trip-${n.toString(36)}`, legs: [n % 7, n % 11] }));
    const copy = JSON.parse(JSON.stringify(records)) as typeof records;
    if (copy.length !== records.length) throw new Error('probe');
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  return Number((rounds[3] ?? NaN).toFixed(1));
}

/** CPU time counters of the whole machine (Linux), or undefined elsewhere. */
function cpuTimes(): { steal: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, n) => sum + n, 0) };
  } catch {
    return undefined;
  }
}

/** Starts counting; the returned function gives the share of CPU time stolen since, in percent. */
export function watchSteal(): () => number | undefined {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    if (!start || !end || end.total === start.total) return undefined;
    return Number(((100 * (end.steal - start.steal)) / (end.total - start.total)).toFixed(1));
  };
}

/** One line for a benchmark's output. */
export function machineLine(probeMs: number, stealPct: number | undefined): string {
  return `machine: speed probe ${String(probeMs)} ms (lower is faster), CPU stolen by the hypervisor during the run ${stealPct === undefined ? 'unknown' : `${String(stealPct)}%`}`;
}

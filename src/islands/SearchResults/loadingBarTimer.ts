/**
 * The loading bar's timing (SPEC §9): it shows only when loading lasts longer than the 200 ms
 * throttle, completes and stays 500 ms after loading ends, then fades out; 400 ms later it is
 * reset (unmounted, back to zero) so the fade never shows it snapping back to the start.
 */
export const THROTTLE_MS = 200;
export const HIDE_DELAY_MS = 500;
export const RESET_MS = 400;

/** hidden → running → done (full width) → fading (opacity 0) → hidden. */
export type BarPhase = 'hidden' | 'running' | 'done' | 'fading';

export interface LoadingBarTimer {
  start(): void;
  finish(): void;
  dispose(): void;
}

export function createLoadingBarTimer(onPhase: (phase: BarPhase) => void): LoadingBarTimer {
  let phase: BarPhase = 'hidden';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: BarPhase) => {
    if (next === phase) return;
    phase = next;
    onPhase(next);
  };
  const after = (ms: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  return {
    start() {
      if (phase === 'running') return;
      // A new load while the bar is still on screen takes it over at once; otherwise wait the throttle.
      if (phase === 'hidden')
        after(THROTTLE_MS, () => {
          set('running');
        });
      else {
        clearTimeout(timer);
        set('running');
      }
    },
    finish() {
      if (phase === 'hidden') {
        // Loading ended within the throttle: the bar never appears.
        clearTimeout(timer);
        return;
      }
      if (phase !== 'running') return;
      set('done');
      after(HIDE_DELAY_MS, () => {
        set('fading');
        after(RESET_MS, () => {
          set('hidden');
        });
      });
    },
    dispose() {
      clearTimeout(timer);
    },
  };
}

/** The 3 px loading bar (SPEC §4, §9); its timing lives in loadingBarTimer.ts. */
import { useEffect, useRef, useState } from 'react';
import { createLoadingBarTimer, type BarPhase, type LoadingBarTimer } from './loadingBarTimer.ts';

export function LoadingBar({ active }: { active: boolean }) {
  const [phase, setPhase] = useState<BarPhase>('hidden');
  const timer = useRef<LoadingBarTimer | null>(null);
  useEffect(() => {
    const own = createLoadingBarTimer(setPhase);
    timer.current = own;
    return () => {
      own.dispose();
    };
  }, []);
  useEffect(() => {
    if (active) timer.current?.start();
    else timer.current?.finish();
  }, [active]);
  return phase === 'hidden' ? null : <div className={`sr__loading sr__loading--${phase}`} aria-hidden="true" />;
}

/**
 * The 3 px loading bar (SPEC §4, §9): it appears only when loading lasts longer than 200 ms, runs
 * on an estimated 2000 ms cycle (CSS) and stays 500 ms after loading ends, so quick answers do
 * not flash it.
 */
import { useEffect, useState } from 'react';

export const SHOW_AFTER_MS = 200;
export const HIDE_AFTER_MS = 500;

export function LoadingBar({ active }: { active: boolean }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(
      () => {
        setVisible(active);
      },
      active ? SHOW_AFTER_MS : HIDE_AFTER_MS,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [active]);
  return visible ? <div className="sr__loading" aria-hidden="true" /> : null;
}

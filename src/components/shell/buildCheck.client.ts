/**
 * Keeps open tabs on the current deployment (SPEC §2): the hourly new-build check, and the
 * one-time reload when a script chunk of an old build fails to load (SPEC §8).
 */
import { BUILD_CHECK_INTERVAL_MS, shouldReloadForNewBuild } from '../../domain/buildCheck.ts';

export function watchForNewBuilds(): void {
  const pageBuildId = import.meta.env.PUBLIC_BUILD_ID;
  const reloadKey = `roamly:buildReload:${location.pathname}`;

  function lastReloadAt(): number | undefined {
    const value = Number(sessionStorage.getItem(reloadKey));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }

  function reload(): void {
    sessionStorage.setItem(reloadKey, String(Date.now()));
    location.reload();
  }

  async function check(): Promise<void> {
    try {
      const response = await fetch('/build.json', { cache: 'no-store' });
      if (!response.ok) return;
      const { buildId } = (await response.json()) as { buildId?: string };
      if (shouldReloadForNewBuild({ pageBuildId, latestBuildId: buildId, now: Date.now(), lastReloadAt: lastReloadAt() })) reload();
    } catch {
      // Offline or blocked: try again at the next interval.
    }
  }

  setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);

  // A chunk of an older build is gone after a deployment: reload once to pick up the new one.
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem('roamly:chunkReload') === location.pathname) return;
    event.preventDefault();
    sessionStorage.setItem('roamly:chunkReload', location.pathname);
    location.reload();
  });
}

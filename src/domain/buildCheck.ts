/**
 * The new-build check (SPEC §2, §9): every 60 minutes the page asks for the current build id;
 * when it differs from the page's own, the page reloads — at most once per 10 seconds per path,
 * so a deployment that keeps changing cannot trap a visitor in a reload loop.
 */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const RELOAD_GUARD_MS = 10 * 1000;

export interface ReloadDecisionInput {
  pageBuildId: string;
  latestBuildId: string | undefined;
  now: number;
  /** When this path was last reloaded for a new build, if ever. */
  lastReloadAt: number | undefined;
}

export function shouldReloadForNewBuild({ pageBuildId, latestBuildId, now, lastReloadAt }: ReloadDecisionInput): boolean {
  if (!latestBuildId || latestBuildId === pageBuildId) return false;
  return lastReloadAt === undefined || now - lastReloadAt >= RELOAD_GUARD_MS;
}

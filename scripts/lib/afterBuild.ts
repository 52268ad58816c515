/**
 * The build's last two steps — the site search index and the pre-compressed copies of every
 * built file — take longer than rendering the pages themselves on a small machine, and a visitor
 * does not need either to get a page (pages are compressed on the fly until their copies exist;
 * site search answers once its index is written). So `npm start` builds with
 * DEFER_AFTER_BUILD=true, starts serving, and then runs them (`scripts/after-build.ts`) at low
 * priority. `npm run build` leaves the variable unset and does everything before it finishes.
 *
 * A marker file in the client folder (a dotfile: never served) says the steps are still owed, so a start that finds the build
 * up to date but the steps unfinished (an interrupted first start) runs them again.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';

export const PENDING_MARKER = '.after-build-pending';

export function deferredAfterBuild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DEFER_AFTER_BUILD === 'true';
}

/** Called by the build when it deferred the steps; `clientDir` is the build's client folder. */
export function markAfterBuildPending(clientDir: URL): void {
  writeFileSync(new URL(PENDING_MARKER, clientDir), new Date().toISOString());
}

export function afterBuildPending(clientDir: URL): boolean {
  return existsSync(new URL(PENDING_MARKER, clientDir));
}

export function clearAfterBuildPending(clientDir: URL): void {
  rmSync(new URL(PENDING_MARKER, clientDir), { force: true });
}

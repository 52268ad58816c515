import { describe, expect, it } from 'vitest';
import { shouldReloadForNewBuild } from './buildCheck.ts';

describe('new-build check (SPEC §2)', () => {
  it('reloads when the server has a newer build', () => {
    expect(shouldReloadForNewBuild({ pageBuildId: 'a', latestBuildId: 'b', now: 100_000, lastReloadAt: undefined })).toBe(true);
  });

  it('does nothing when the build is current or unknown', () => {
    expect(shouldReloadForNewBuild({ pageBuildId: 'a', latestBuildId: 'a', now: 0, lastReloadAt: undefined })).toBe(false);
    expect(shouldReloadForNewBuild({ pageBuildId: 'a', latestBuildId: undefined, now: 0, lastReloadAt: undefined })).toBe(false);
  });

  it('reloads a path at most once per 10 seconds', () => {
    expect(shouldReloadForNewBuild({ pageBuildId: 'a', latestBuildId: 'b', now: 19_999, lastReloadAt: 10_000 })).toBe(false);
    expect(shouldReloadForNewBuild({ pageBuildId: 'a', latestBuildId: 'b', now: 20_000, lastReloadAt: 10_000 })).toBe(true);
  });
});

/**
 * Resolves once React has hydrated the island and run its effects. Astro's hydrate() returns
 * when React has only been asked to hydrate (in a transition); React marks each element it has
 * hydrated with its `__reactProps$…` key, and runs effects in a task after the commit, hence the
 * two extra macrotasks. Gives up after 10 s (the island then simply did not hydrate).
 */
const tick = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

function isHydrated(island: HTMLElement): boolean {
  const first = island.firstElementChild;
  // An island that rendered nothing on the server has nothing to wait for.
  return !first || Object.keys(first).some((key) => key.startsWith('__reactProps$'));
}

export async function afterHydration(island: HTMLElement): Promise<void> {
  const until = Date.now() + 10_000;
  while (!isHydrated(island) && Date.now() < until) await tick();
  await tick();
  await tick();
}

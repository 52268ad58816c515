/**
 * Page weight: the JavaScript each page type loads before anyone interacts with it, gzipped,
 * against budgets (issue 23: home ≤ 60 KB, login ≤ 30 KB, pages without a form: only the shell's
 * small scripts, ≤ 5 KB; results ≤ 80 KB; checkout ≤ 10 KB; rail pass results ≤ 5 KB, the rail pass main page and a pass page ≤ 6 KB), and no page may load zod.
 * React's DOM renderer alone is ~64 KB gzipped, so home and login meet theirs only because their
 * islands hydrate on the first touch (`client:interaction`, integrations/island-triggers): what a
 * page fetches once the traveller focuses, taps or types into a form is listed apart, as "on
 * interaction", and is not held to the budget. tests/e2e/page-load-js.spec.ts checks in a browser
 * that those pages (and the results page) really request no React before interaction. Reads the built output only:
 *
 *   node scripts/bench/page-weight.ts            (dist/, or the folder in ASTRO_OUT_DIR)
 *
 * A page's JavaScript is the closure of static imports from its entry files (module scripts
 * and the component and renderer of each island hydrated at load). Dynamic imports load later
 * (a calendar's locale, say) and are listed apart. Exits 1 when a budget is exceeded, so
 * `npm test` fails on a regression.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = process.env.ASTRO_OUT_DIR || 'dist';
const client = join(outDir, 'client');
const KB = 1024;
const HOME_BUDGET_KB = 60;
/**
 * The results page is rendered on request with its first trips (src/server/results/resultsRoute.ts):
 * the shell's and the page's own small scripts load with it; React, the list island and its worker
 * wait for the traveller's first touch (client:interaction).
 */
const RESULTS_BUDGET_KB = 80;
/** The login form is plain HTML until touched: only the shell's scripts load with the page. */
const LOGIN_BUDGET_KB = 30;
const FORMLESS_BUDGET_KB = 5;
/**
 * The passengers step is served whole (every traveller's fields) and its form hydrates on the
 * first touch (session 16): the shell and the page's script that wakes the form at once when only
 * the island can show something (a seat map's picks, passengers saved on this device, a frozen
 * cart). React and the form (no zod: formRules.ts) load on interaction. It was 86 KB at load
 * before, React included.
 */
const CHECKOUT_BUDGET_KB = 10;
/**
 * Rail pass pages have no island. Results: the shell's scripts (as a page without a form). The
 * main page: the shell and the typeahead's loader (0.3 KB; the combobox itself is fetched on the
 * first touch of the box). A pass page: the shell, its photo fallback and the viewer's loader (the
 * viewer is fetched when a photo is opened).
 */
const RAILPASS_RESULTS_BUDGET_KB = 5;
const RAILPASS_MAIN_BUDGET_KB = 6;
const RAILPASS_INFO_BUDGET_KB = 6;

interface PageType {
  name: string;
  budgetKb: number;
  /** Entry files under client/ (paths like /_astro/x.js) loaded with the page. */
  entries: string[];
  /** Entry files loaded on the first interaction (islands with client:interaction). */
  onInteraction?: string[];
  inlineBytes: number;
}

function read(path: string): string {
  return readFileSync(join(client, path), 'utf8');
}

const gzipped = new Map<string, number>();
function gz(path: string): number {
  let size = gzipped.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(client, path)), { level: 9 }).length;
    gzipped.set(path, size);
  }
  return size;
}

function resolve(from: string, spec: string): string {
  if (spec.startsWith('/')) return spec;
  const base = from.slice(0, from.lastIndexOf('/') + 1);
  const parts = (base + spec).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

/** Static imports (`import … from "x"`, `import "x"`, `export … from "x"`) and dynamic ones. */
function imports(path: string): { statics: string[]; dynamics: string[] } {
  const code = read(path);
  const statics = [...code.matchAll(/(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g)].map((m) => resolve(path, m[1] ?? ''));
  const dynamics = [...code.matchAll(/\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g)].map((m) => resolve(path, m[1] ?? ''));
  return { statics, dynamics };
}

function closure(entries: readonly string[]): { files: Set<string>; lazy: Set<string> } {
  const files = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() ?? '';
    if (files.has(file) || !existsSync(join(client, file))) continue;
    files.add(file);
    const { statics, dynamics } = imports(file);
    queue.push(...statics);
    for (const d of dynamics) lazy.add(d);
  }
  for (const f of files) lazy.delete(f);
  return { files, lazy };
}

/** Directives that hydrate an island as the page loads (idle and visible come right after). */
const AT_LOAD = new Set(['load', 'idle', 'visible', 'media', 'only']);

/** Whether the position lies inside a <details> element rendered closed. */
function inClosedDetails(html: string, at: number): boolean {
  const opened = html.lastIndexOf('<details', at);
  if (opened < 0 || html.lastIndexOf('</details>', at) > opened) return false;
  return !/^<details\b[^>]*\bopen\b/.test(html.slice(opened, html.indexOf('>', opened) + 1));
}

/**
 * Entry scripts of a built HTML page, split into what loads with the page and what waits for an
 * interaction, and the bytes of its inline scripts (Astro's island runtime and directives).
 * A `client:companion` island (page feedback) loads with the page's first island: at load when
 * another island hydrates at load, on interaction otherwise. The budgets are a phone's: an island
 * folded away in a closed <details> waits until it is opened.
 */
function pageEntries(html: string): { entries: string[]; onInteraction: string[]; inlineBytes: number } {
  const entries = new Set<string>();
  const later = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) if (m[1]) entries.add(m[1]);
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((match) => {
    const tag = match[0];
    const client = /\bclient="([^"]+)"/.exec(tag)?.[1] ?? 'load';
    return {
      urls: [...tag.matchAll(/\b(?:component-url|renderer-url)="([^"]+\.js)"/g)].map((m) => m[1] ?? ''),
      // client:visible inside a closed <details> waits on a phone until it is opened (the results
      // page's search form: a summary bar there; wide screens show it and load it at once).
      client: client === 'visible' && inClosedDetails(html, match.index) ? 'when opened' : client,
    };
  });
  const anyAtLoad = islands.some((island) => AT_LOAD.has(island.client));
  for (const island of islands) {
    const atLoad = AT_LOAD.has(island.client) || (island.client === 'companion' && anyAtLoad);
    for (const url of island.urls) (atLoad ? entries : later).add(url);
  }
  let inlineBytes = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g))
    inlineBytes += gzipSync(m[1] ?? '').length;
  return { entries: [...entries], onInteraction: [...later], inlineBytes };
}

function htmlPages(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...htmlPages(path));
    else if (name === 'index.html') found.push(path);
  }
  return found;
}

/** Built chunk files whose name starts with `prefix` (islands of on-demand pages have no HTML). */
function chunks(prefix: string): string[] {
  const dir = join(client, '_astro');
  return readdirSync(dir)
    .filter((f) => f.startsWith(prefix) && f.endsWith('.js'))
    .map((f) => `/_astro/${f}`);
}

if (!existsSync(join(client, 'en', 'index.html'))) {
  console.error(`No built site in ${outDir}/client (run astro build first).`);
  process.exit(2);
}

const home = pageEntries(readFileSync(join(client, 'en', 'index.html'), 'utf8'));

// A pre-rendered page without any island stands for "pages without a form".
const formless = htmlPages(join(client, 'en'))
  .map((path) => ({ path, html: readFileSync(path, 'utf8') }))
  .find(({ html }) => !html.includes('<astro-island'));

const types: PageType[] = [{ name: 'home (/en)', budgetKb: HOME_BUDGET_KB, ...home }];
if (formless) {
  const page = pageEntries(formless.html);
  // Only the shell's small scripts (cookie banner, currency label, account links) are allowed.
  types.push({ name: `page without a form (${formless.path.slice(client.length)})`, budgetKb: FORMLESS_BUDGET_KB, ...page });
}

// The login page renders on request (no HTML in the build): the shell's scripts of a page
// without a form load with it; the islands' renderer and the Login island wait for the first
// touch of the form (client:interaction in src/pages/[lang]/login/index.astro; with a Google
// client id configured the island loads at once to draw Google's button).
const renderer = /renderer-url="([^"]+\.js)"/.exec(readFileSync(join(client, 'en', 'index.html'), 'utf8'))?.[1];
const loginIsland = chunks('Login.');
if (formless && renderer && loginIsland.length) {
  const shell = pageEntries(formless.html);
  types.push({
    name: 'login (/en/login: shell; Login island on interaction)',
    budgetKb: LOGIN_BUDGET_KB,
    entries: shell.entries,
    onInteraction: [renderer, ...loginIsland],
    inlineBytes: shell.inlineBytes,
  });
}

// The results page renders on request (a page per query, see RESULTS_BUDGET_KB): the shell, the
// page's script (its search counted for analytics, the island woken for a currency change or a
// kept list) and the route facts' re-pricing. The list island, its worker and the search form
// (folded into the summary bar on a phone) wait for a touch.
if (formless && renderer) {
  const shell = pageEntries(formless.html);
  types.push({
    name: 'results (/en/all/{from}/{to}?date=…: shell + page scripts; list island on interaction)',
    budgetKb: RESULTS_BUDGET_KB,
    entries: [...shell.entries, ...chunks('ResultsPage.astro_astro_type_script'), ...chunks('RouteFacts.astro_astro_type_script')],
    onInteraction: [renderer, ...chunks('SearchResults.'), ...chunks('list.worker'), ...chunks('SearchForm.')],
    inlineBytes: shell.inlineBytes,
  });
}

// The checkout's passengers step renders on request too: the shell and the page's own script;
// the renderer and the PassengersForm island wait for a touch (see CHECKOUT_BUDGET_KB).
const checkoutIsland = chunks('PassengersForm.');
if (formless && renderer && checkoutIsland.length) {
  const shell = pageEntries(formless.html);
  types.push({
    name: 'checkout (/en/checkout/{hash}/step/passengers: shell + page script; PassengersForm on interaction)',
    budgetKb: CHECKOUT_BUDGET_KB,
    entries: [...shell.entries, ...chunks('passengers.astro_astro_type_script')],
    onInteraction: [renderer, ...checkoutIsland],
    inlineBytes: shell.inlineBytes,
  });
}

// Rail pass pages: the main page and each pass's page are pre-rendered; the destination results
// render on request from the same shell, with a plain form and no script of their own. Budgets:
// the shell's small scripts, plus the main page's typeahead loader and the pass page's few lines
// that swap a failed photo for a text and load the viewer.
const railpassMain = join(client, 'en', 'railpass', 'index.html');
const railpassInfo = htmlPages(join(client, 'en', 'railpass')).find((path) => /\/operator-[^/]+\/[^/]+-\d+\/index\.html$/.test(path));
if (!existsSync(railpassMain) || !railpassInfo) {
  console.error('The rail pass pages were not built (no rail pass catalogue in the build database?).');
  process.exit(1);
}
const railpassMainEntries = pageEntries(readFileSync(railpassMain, 'utf8'));
const railpassInfoEntries = pageEntries(readFileSync(railpassInfo, 'utf8'));
types.push(
  { name: 'rail pass main (/en/railpass)', budgetKb: RAILPASS_MAIN_BUDGET_KB, ...railpassMainEntries },
  {
    name: 'rail pass results (/en/railpass/{country}: the shell, no page script)',
    budgetKb: RAILPASS_RESULTS_BUDGET_KB,
    // The page renders on request with the shell of a page without a form (the main page's own
    // entries when no such page was built).
    ...(formless ? pageEntries(formless.html) : railpassMainEntries),
  },
  { name: `rail pass info (${railpassInfo.slice(client.length)})`, budgetKb: RAILPASS_INFO_BUDGET_KB, ...railpassInfoEntries },
);

/** Any chunk that carries zod fails the run, loaded at once or on interaction: the browser checks forms itself (issue 23). */
const withZod = [...new Set(types.flatMap((type) => [...closure([...type.entries, ...(type.onInteraction ?? [])]).files]))].filter((f) =>
  /\bZodError\b|_zod\b/.test(read(f)),
);

let failed = false;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
console.log(
  '| page type | JS at load (gzip) | inline scripts (gzip) | on interaction or when opened (gzip) | lazy chunks (gzip) | budget | ok |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const type of types) {
  const { files, lazy } = closure(type.entries);
  const size = [...files].reduce((sum, f) => sum + gz(f), 0);
  const later = closure(type.onInteraction ?? []);
  const laterSize = [...later.files].filter((f) => !files.has(f)).reduce((sum, f) => sum + gz(f), 0);
  const lazySize = [...lazy, ...later.lazy]
    .filter((f) => !files.has(f) && !later.files.has(f) && existsSync(join(client, f)))
    .reduce((sum, f) => sum + gz(f), 0);
  if (process.argv.includes('--files'))
    for (const f of [...files].sort((a, b) => gz(b) - gz(a))) console.error(`  ${type.name.slice(0, 12)} ${f} ${kb(gz(f))}`);
  const ok = size <= type.budgetKb * KB;
  if (!ok) failed = true;
  console.log(
    `| ${type.name} | ${kb(size)} in ${String(files.size)} files | ${kb(type.inlineBytes)} | ${kb(laterSize)} | ${kb(lazySize)} | ${String(type.budgetKb)} KB | ${ok ? 'yes' : 'NO'} |`,
  );
}
if (withZod.length) {
  failed = true;
  console.error(`\nzod is loaded by ${withZod.join(', ')}: islands validate with the browser's constraints and shared domain code.`);
}
if (failed) {
  console.error('\nA page type ships more JavaScript than its budget.');
  process.exit(1);
}

/**
 * `npm test`: lint, type check, unit and integration tests (PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set), then the browser tests against the built server.
 * Stops at the first failing step and ends with one "N passed, N failed" line over all tests.
 *
 *   npm test -- --skip=lint,check,e2e   skip steps while iterating locally
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureChromium, INSTALL_COMMAND } from './lib/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => `${root}node_modules/.bin/${name}`;
const skip = new Set((process.argv.find((a) => a.startsWith('--skip='))?.slice('--skip='.length) ?? '').split(',').filter(Boolean));
// Overridable so that two test runs on one machine (e.g. parallel work trees) do not collide.
const E2E_DB = process.env.E2E_PGLITE_DATA_DIR || '.data/e2e-db';

mkdirSync(`${root}test-results`, { recursive: true });

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n▶ ${label}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => {
      console.log(`${code === 0 ? '✔' : '✘'} ${label} (${seconds(started)})`);
      resolve(code === 0);
    });
    child.on('error', (error) => {
      console.error(error);
      resolve(false);
    });
  });
}

/**
 * Steps that each use one core (ESLint, Prettier, astro check) run side by side on a machine
 * with two; each one's output is printed whole when it ends, so the log stays readable.
 */
async function runTogether(steps: readonly { label: string; command: string; args: string[] }[]): Promise<boolean> {
  console.log(`\n▶ ${steps.map((s) => s.label).join(' | ')} (side by side)`);
  const results = await Promise.all(
    steps.map(
      (step) =>
        new Promise<boolean>((resolve) => {
          const started = performance.now();
          const output: Buffer[] = [];
          const child = spawn(step.command, step.args, { cwd: root, env: { ...process.env, FORCE_COLOR: '1' } });
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          const done = (ok: boolean) => {
            console.log(`\n▶ ${step.label}\n${Buffer.concat(output).toString('utf8').trimEnd()}`);
            console.log(`${ok ? '✔' : '✘'} ${step.label} (${seconds(started)})`);
            resolve(ok);
          };
          child.on('exit', (code) => {
            done(code === 0);
          });
          child.on('error', (error) => {
            output.push(Buffer.from(String(error)));
            done(false);
          });
        }),
    ),
  );
  return results.every(Boolean);
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };

function addVitestCounts(): void {
  const file = `${root}test-results/vitest.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function addPlaywrightCounts(): void {
  const file = `${root}test-results/playwright.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

/** How many browser tests there are, without a browser: for the count of tests not run. */
function countBrowserTests(): number {
  const listed = spawnSync(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts', '--list'], {
    cwd: root,
    encoding: 'utf8',
  });
  return Number(/Total: (\d+) tests?/.exec(listed.stdout)?.[1] ?? 0);
}

function finish(ok: boolean): never {
  console.log(`\n${ok ? 'All steps passed.' : 'A step failed (see above).'}`);
  const failed = ok ? totals.failed : Math.max(totals.failed, 1);
  console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
  process.exit(ok ? 0 : 1);
}

const node = process.execPath;

// Content collection and route types live in .astro/, which a fresh clone does not have yet;
// without them the typed lint sees `any` everywhere.
if (!(await run('Generate Astro types (astro sync)', bin('astro'), ['sync']))) finish(false);
const staticChecks = [
  ...(skip.has('lint')
    ? []
    : [
        { label: 'Lint (ESLint, zero warnings)', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
        { label: 'Formatting (Prettier)', command: bin('prettier'), args: ['--check', '.'] },
      ]),
  ...(skip.has('check')
    ? []
    : [{ label: 'Type check (astro check)', command: bin('astro'), args: ['check', '--minimumFailingSeverity', 'hint'] }]),
];
if (staticChecks.length && !(await runTogether(staticChecks))) finish(false);
if (!skip.has('unit')) {
  if (process.env.TEST_DATABASE_URL) console.log('\nPostgreSQL: TEST_DATABASE_URL is set — the PostgreSQL integration tests run too.');
  else console.log('\nPostgreSQL: TEST_DATABASE_URL is not set — the PostgreSQL integration tests are SKIPPED (PGlite only).');
  const ok = await run('Unit and integration tests (Vitest)', bin('vitest'), [
    'run',
    '--config',
    'tests/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ]);
  addVitestCounts();
  if (!ok) finish(false);
}
const browserMissing = skip.has('e2e') ? null : ensureChromium();
if (browserMissing) {
  const notRun = countBrowserTests();
  totals.skipped += notRun;
  console.log(`\n▶ Browser tests: NOT RUN (${notRun} tests) — ${browserMissing}`);
  console.log(`  Install Debian's Chromium, then run npm test again:\n    ${INSTALL_COMMAND}`);
  console.log('  (or point CHROMIUM_PATH at a Chromium executable)');
}
if (!skip.has('e2e') && !browserMissing) {
  const dbEnv = { PGLITE_DATA_DIR: E2E_DB, DATABASE_URL: '' };
  if (!(await run('Prepare the browser-test database', node, ['scripts/db/prepare-cli.ts'], dbEnv))) finish(false);
  // Content, station and operator pages in two locales (one of them right-to-left) are enough
  // for the browser tests and keep the build to seconds; `npm start` builds all 24.
  const buildEnv = { ...dbEnv, QUICK_BUILD_LOCALES: process.env.QUICK_BUILD_LOCALES || 'en,ar' };
  if (!(await run('Build the site', bin('astro'), ['build'], buildEnv))) finish(false);
  if (!(await run('Page weight budget (gzipped JavaScript per page type)', node, ['scripts/bench/page-weight.ts']))) finish(false);
  const ok = await run(
    'Browser tests (Playwright, system Chromium)',
    bin('playwright'),
    ['test', '--config', 'tests/playwright.config.ts', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${root}test-results/playwright.json`,
      E2E_PGLITE_DATA_DIR: E2E_DB,
    },
  );
  addPlaywrightCounts();
  if (!ok) finish(false);
}
finish(true);

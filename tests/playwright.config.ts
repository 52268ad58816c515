import { defineConfig, devices } from '@playwright/test';

// System Chromium (Debian package) — browser downloads are not available here.
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT || 4322);

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    // The built server (npm test builds first, into ASTRO_OUT_DIR); its own PGlite copy so tests never touch .data/db.
    // The staff accounts of operators.spec.ts are written first: PGlite lets one process open the data directory.
    command: 'node tests/support/seedStaff.ts && node scripts/serve.ts',
    cwd: '..',
    url: `http://127.0.0.1:${port}/en`,
    reuseExistingServer: false,
    // Generous: the server loads its registries and opens PGlite first; on a busy machine that took over a minute.
    timeout: 150_000,
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PGLITE_DATA_DIR: process.env.E2E_PGLITE_DATA_DIR || '.data/e2e-db',
      // Sign-ups and sign-ins in many tests: passwords hashed at 1/8 of OWASP's cost (README settings).
      PASSWORD_SCRYPT_LOG2N: '14',
    },
  },
});

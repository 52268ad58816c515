/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';

// Through getViteConfig so that tests see the same Vite setup as Astro (import.meta.glob,
// import.meta.env); the root is the project, not tests/.
export default getViteConfig(
  {
    root: fileURLToPath(new URL('..', import.meta.url)),
    test: {
      include: [
        'src/**/*.test.ts',
        'scripts/**/*.test.ts',
        'integrations/**/*.test.ts',
        'tests/integration/**/*.test.ts',
        'tests/support/**/*.test.ts',
      ],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // Hundreds of sign-ups and sign-ins: passwords hashed at 1/8 of OWASP's cost (README settings).
      env: { PASSWORD_SCRYPT_LOG2N: '14' },
      // PGlite instances are heavy (WASM): a couple of workers on this 2-core machine.
      maxWorkers: 2,
    },
  },
  { root: fileURLToPath(new URL('..', import.meta.url)) },
);

/**
 * Builds the background jobs into the server bundle as `dist/server/jobs.mjs`, next to the
 * adapter's `entry.mjs`, and the e-ticket PDF worker as `dist/server/ticket-render.mjs`. scripts/serve.ts imports both: because they are chunks of one build,
 * they share every module — one database handle (PGlite opens its data directory once per
 * process), one i18n table — and the jobs can use what only the bundler provides
 * (`import.meta.glob` in src/i18n). The integration only names the file; it imports nothing
 * from src/server.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const JOBS_CHUNK = 'jobs.mjs';
const jobsEntry = fileURLToPath(new URL('../../src/server/jobs/start.ts', import.meta.url));
/** The e-ticket PDF worker thread (src/server/tickets/ticketRenderer.ts), a chunk of the same build. */
export const TICKET_RENDER_CHUNK = 'ticket-render.mjs';
const ticketRenderEntry = fileURLToPath(new URL('../../src/server/tickets/renderWorker.ts', import.meta.url));

export default function serverJobs(): AstroIntegration {
  return {
    name: 'roamly:server-jobs',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'roamly:server-jobs-chunk',
                apply: 'build',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                buildStart() {
                  this.emitFile({ type: 'chunk', id: jobsEntry, fileName: JOBS_CHUNK, preserveSignature: 'strict' });
                  this.emitFile({ type: 'chunk', id: ticketRenderEntry, fileName: TICKET_RENDER_CHUNK, preserveSignature: 'strict' });
                },
              },
            ],
          },
        });
      },
    },
  };
}

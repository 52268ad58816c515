/**
 * Pre-compresses the built site (brotli and gzip copies of every compressible file) once the
 * other integrations have written theirs (sitemaps, Pagefind): listed last in astro.config.mjs.
 * The server picks a copy by the request's Accept-Encoding (scripts/lib/staticFiles.ts).
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { precompressDir } from '../../scripts/lib/precompress.ts';

export default function precompress(): AstroIntegration {
  return {
    name: 'roamly:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const summary = await precompressDir(fileURLToPath(dir));
        const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
        logger.info(
          `${String(summary.files)} files, ${mb(summary.bytes)} MB → brotli ${mb(summary.brotliBytes)} MB, gzip ${mb(summary.gzipBytes)} MB in ${(summary.ms / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}

/**
 * Stamps each build with an id and serves it as /build.json so open tabs can notice a new
 * deployment (SPEC §2: checked hourly, reload at most once per 10 s per path). The id is
 * also exposed to pages as `import.meta.env.PUBLIC_BUILD_ID`.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

export default function buildInfo(): AstroIntegration {
  const buildId = process.env.BUILD_ID || `${new Date().toISOString().replace(/[-:.TZ]/g, '')}-${randomUUID().slice(0, 8)}`;
  return {
    name: 'roamly:build-info',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { 'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(buildId) } } });
      },
      'astro:build:done': ({ dir }) => {
        writeFileSync(new URL('build.json', dir), JSON.stringify({ buildId, builtAt: new Date().toISOString() }));
      },
    },
  };
}

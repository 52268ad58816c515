/**
 * Stamps each build with an id and serves it as /build.json so open tabs can notice a new
 * deployment (SPEC §2: checked hourly, reload at most once per 10 s per path). The id is
 * also exposed to pages as `import.meta.env.PUBLIC_BUILD_ID`.
 *
 * Next to it, the build manifest by build id (SPEC §7): /builds/{buildId}/manifest.json lists
 * the build's script and style files, so a tab (or a deployment check) can tell which assets
 * belong to the build it runs.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
        const builtAt = new Date().toISOString();
        writeFileSync(new URL('build.json', dir), JSON.stringify({ buildId, builtAt }));
        const assetsDir = new URL('_astro/', dir);
        const assets = readdirSync(assetsDir)
          .filter((name) => /\.(?:js|css)$/.test(name))
          .sort()
          .map((name) => ({ path: `/_astro/${name}`, bytes: statSync(new URL(name, assetsDir)).size }));
        const manifestDir = new URL(`builds/${encodeURIComponent(buildId)}/`, dir);
        mkdirSync(manifestDir, { recursive: true });
        writeFileSync(new URL('manifest.json', manifestDir), JSON.stringify({ buildId, builtAt, assets }));
      },
    },
  };
}

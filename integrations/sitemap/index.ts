/**
 * Writes the sitemap index, the numbered sitemaps of every built locale (with hreflang
 * alternates; split to stay within 50,000 URLs and 50 MB a file) and the robots.txt Sitemap line
 * after every build, from the list of pages Astro actually pre-rendered plus the pages the build
 * listed as rendered on request (`sitemap-on-demand.json`, written by
 * src/pages/sitemap-on-demand.json.ts and removed here) — so the sitemap can never list a page
 * that does not exist. (@astrojs/sitemap is not a dependency; this is the part of it we need, with
 * per-locale files.)
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { AstroIntegration } from 'astro';
import { robotsWithSitemap, sitemapFiles, sitemapIndex } from '../../src/domain/seo/sitemap.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

const ON_DEMAND_LIST = 'sitemap-on-demand.json';

/** The on-demand pages the build listed (none when the file is missing), and the file removed. */
function takeOnDemandPaths(dir: URL): string[] {
  const file = new URL(ON_DEMAND_LIST, dir);
  if (!existsSync(file)) return [];
  const paths = z.array(z.string().startsWith('/')).parse(JSON.parse(readFileSync(file, 'utf8')));
  rmSync(file);
  return paths;
}

export default function sitemap(): AstroIntegration {
  let site = new URL('http://localhost:4321');
  return {
    name: 'roamly:sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.site);
      },
      'astro:build:done': ({ pages, dir, logger }) => {
        const started = performance.now();
        const lastmod = new Date().toISOString().slice(0, 10);
        // A reused out dir may hold sitemaps of an earlier build with more files or locales (or the
        // unnumbered sitemap-{segment}.xml of before the split), which the index would not list.
        for (const name of readdirSync(dir)) if (/^sitemap-[a-z]{2}(-\d+)?\.xml$/.test(name)) rmSync(new URL(name, dir));
        const names: string[] = [];
        let urls = 0;
        // One file in memory at a time: a full build's sitemaps weigh hundreds of megabytes.
        const onDemand = takeOnDemandPaths(dir);
        const built = pages.map((p) => p.pathname).filter((p) => p.replace(/^\/+/, '') !== ON_DEMAND_LIST);
        for (const file of sitemapFiles([...built, ...onDemand], site, LOCALES, lastmod)) {
          writeFileSync(new URL(file.name, dir), file.xml);
          names.push(file.name);
          urls += file.urls;
        }
        writeFileSync(new URL('sitemap-index.xml', dir), sitemapIndex(names, site, lastmod));
        const robots = new URL('robots.txt', dir);
        writeFileSync(robots, robotsWithSitemap(existsSync(robots) ? readFileSync(robots, 'utf8') : 'User-agent: *\nAllow: /\n', site));
        logger.info(
          `${names.length} sitemaps with ${urls} URLs for ${built.length} built pages and ${onDemand.length} rendered on request in ${Math.round(performance.now() - started)} ms`,
        );
      },
    },
  };
}

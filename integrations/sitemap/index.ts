/**
 * Writes the sitemap index, one sitemap per built locale (with hreflang alternates) and the
 * robots.txt Sitemap line after every build, from the list of pages Astro actually pre-rendered
 * — so the sitemap can never list a page that does not exist. (@astrojs/sitemap is not a
 * dependency; this is the part of it we need, with per-locale files.)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { buildSitemaps, robotsWithSitemap } from '../../src/domain/seo/sitemap.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

export default function sitemap(): AstroIntegration {
  let site = new URL('http://localhost:4321');
  return {
    name: 'roamly:sitemap',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.site);
      },
      'astro:build:done': ({ pages, dir, logger }) => {
        const lastmod = new Date().toISOString().slice(0, 10);
        const { index, files } = buildSitemaps(
          pages.map((p) => p.pathname),
          site,
          LOCALES,
          lastmod,
        );
        for (const [name, xml] of files) writeFileSync(new URL(name, dir), xml);
        writeFileSync(new URL('sitemap-index.xml', dir), index);
        const robots = new URL('robots.txt', dir);
        writeFileSync(robots, robotsWithSitemap(existsSync(robots) ? readFileSync(robots, 'utf8') : 'User-agent: *\nAllow: /\n', site));
        logger.info(`${files.size} sitemaps for ${pages.length} pages`);
      },
    },
  };
}

/** SPEC §2 /rss.xml: the travel guides as an RSS feed (English, the feed readers' common language). */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { BRAND } from '../config/site.ts';
import { allGuides, contentStore } from '../server/content/store.ts';
import { translatorFor } from '../server/content/translator.ts';

export const GET: APIRoute = async (context) => {
  const t = translatorFor('en');
  const guides = allGuides(await contentStore(), 'en');
  const site = context.site ?? context.url.origin;
  // The feed changes when a guide does: its newest update, not the build's clock.
  const lastBuild = guides.reduce<Date | undefined>(
    (newest, g) => (!newest || g.entry.data.updated > newest ? g.entry.data.updated : newest),
    undefined,
  );
  const self = new URL('/rss.xml', site).href;
  return rss({
    title: `${BRAND.name} — ${t('content.guides.title')}`,
    description: t('content.guides.intro'),
    site,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    items: guides.map((g) => ({
      title: g.title,
      description: g.summary,
      link: `/en/travel-guides/${g.slug}`,
      pubDate: g.entry.data.updated,
      categories: g.entry.data.vehicleClasses.map((v) => t(`vehclass.${v}`)),
    })),
    // Feed validators ask for the feed's own address (atom:link rel=self) and its last change.
    customData: [
      '<language>en</language>',
      `<atom:link href="${self}" rel="self" type="application/rss+xml"/>`,
      lastBuild ? `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>` : '',
    ].join(''),
    trailingSlash: false,
  });
};

/** SPEC §2 /rss.xml: the travel guides as an RSS feed (English, the feed readers' common language). */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { BRAND } from '../config/site.ts';
import { allGuides, contentStore } from '../server/content/store.ts';
import { translatorFor } from '../server/content/translator.ts';

export const GET: APIRoute = async (context) => {
  const t = translatorFor('en');
  const guides = allGuides(await contentStore(), 'en');
  return rss({
    title: `${BRAND.name} — ${t('content.guides.title')}`,
    description: t('content.guides.intro'),
    site: context.site ?? context.url.origin,
    items: guides.map((g) => ({
      title: g.title,
      description: g.summary,
      link: `/en/travel-guides/${g.slug}`,
      pubDate: g.entry.data.updated,
      categories: g.entry.data.vehicleClasses.map((v) => t(`vehclass.${v}`)),
    })),
    customData: '<language>en</language>',
    trailingSlash: false,
  });
};

/** SPEC §2 /{lang}/manifest.webmanifest: the web app manifest in each language. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { BRAND } from '../../config/site.ts';
import { buildLocales } from '../../i18n/buildLocales.ts';
import { LOCALES } from '../../i18n/locales.ts';
import { THEME_COLOR } from '../../styles/tokens.ts';
import { translatorFor } from '../../server/content/translator.ts';

export const getStaticPaths = (() => buildLocales().map((l) => ({ params: { lang: l.segment } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const locale = LOCALES.find((l) => l.segment === params.lang) ?? LOCALES[0];
  const t = translatorFor(locale.code);
  const manifest = {
    name: `${BRAND.name} — ${t('site.tagline')}`,
    short_name: BRAND.name,
    description: t('site.description'),
    lang: locale.code,
    dir: locale.dir,
    id: `/${locale.segment}`,
    start_url: `/${locale.segment}`,
    scope: `/${locale.segment}`,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    // PNGs for launchers that need them (rendered from the logo by scripts/icons/render.ts); the
    // maskable one keeps the logo inside the safe zone a launcher may crop to a circle.
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json; charset=utf-8' } });
};

/**
 * Our i18n integration (ARCHITECTURE: astro-i18next is unmaintained). It derives Astro's i18n
 * config from the one locale table. Its middleware (./middleware.ts), which puts the locale and
 * `t` on Astro.locals for every page, is run first by src/middleware.ts: Astro's manual i18n
 * routing requires the project's own middleware file.
 */
import type { AstroIntegration } from 'astro';
import { DEFAULT_SEGMENT, LOCALES } from '../../src/i18n/locales.ts';

export default function i18nIntegration(): AstroIntegration {
  return {
    name: 'roamly:i18n',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          i18n: {
            defaultLocale: DEFAULT_SEGMENT,
            locales: LOCALES.map((l) => ({ path: l.segment, codes: [l.code] })),
            // We route ourselves: every URL already starts with the segment (SPEC §2), `/`
            // redirects by Accept-Language and unknown segments are a 404 from our pages.
            routing: 'manual',
          },
        });
      },
    },
  };
}

/**
 * Build switches read at build time. The page-layout flags that used to live here
 * (NEW_STATION_PAGE, NEW_RESULTS_PAGE) are feature flags per visitor now, changed by Admin at run
 * time (src/server/flags/, issue 25).
 */
import { readEnvironment } from './environment.ts';

const flags = readEnvironment(['PRERENDER_TRIP_PAGES']);

/**
 * PRERENDER_TRIP_PAGES=true makes the build pre-render every trip page (~5,500 routes × 24
 * languages, most of a full build's pages and time) — for a production build that should serve
 * everything as files. Unset, trip pages render on their first visit and are kept as files from
 * then on (src/server/renderedPages.ts), so the first `npm start` is quick. The sitemaps list them
 * either way.
 */
export const PRERENDER_TRIP_PAGES = flags.PRERENDER_TRIP_PAGES;

/**
 * Feature flags read at build time (pre-rendered pages) and at start (the server).
 * NEW_STATION_PAGE=true swaps in the new station page layout (SPEC §2: departures grouped by
 * destination, the same view the station/new call returns).
 */
import { readEnvironment } from './environment.ts';

const flags = readEnvironment(['NEW_STATION_PAGE', 'NEW_RESULTS_PAGE', 'PRERENDER_TRIP_PAGES']);

export const NEW_STATION_PAGE = flags.NEW_STATION_PAGE;

/**
 * NEW_RESULTS_PAGE=true swaps the new results layout (SPEC §2: the variant at /new — route facts
 * first, trips grouped by the part of the day) in at the plain results path. Pre-rendered pairs
 * read it at build time and on-demand pairs at start, so set it for both.
 */
export const NEW_RESULTS_PAGE = flags.NEW_RESULTS_PAGE;

/**
 * PRERENDER_TRIP_PAGES=true makes the build pre-render every trip page (~5,500 routes × 24
 * languages, most of a full build's pages and time) — for a production build that should serve
 * everything as files. Unset, trip pages render on their first visit and are kept as files from
 * then on (src/server/renderedPages.ts), so the first `npm start` is quick. The sitemaps list them
 * either way.
 */
export const PRERENDER_TRIP_PAGES = flags.PRERENDER_TRIP_PAGES;

/**
 * Feature flags read at build time (pre-rendered pages) and at start (the server).
 * NEW_STATION_PAGE=true swaps in the new station page layout (SPEC §2: departures grouped by
 * destination, the same view the station/new call returns).
 */
export const NEW_STATION_PAGE = process.env.NEW_STATION_PAGE === 'true';

/**
 * NEW_RESULTS_PAGE=true swaps the new results layout (SPEC §2: the variant at /new — route facts
 * first, trips grouped by the part of the day) in at the plain results path. Pre-rendered pairs
 * read it at build time and on-demand pairs at start, so set it for both.
 */
export const NEW_RESULTS_PAGE = process.env.NEW_RESULTS_PAGE === 'true';

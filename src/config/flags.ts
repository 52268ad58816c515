/**
 * Feature flags read at build time (pre-rendered pages) and at start (the server).
 * NEW_STATION_PAGE=true swaps in the new station page layout (SPEC §2: departures grouped by
 * destination, the same view the station/new call returns).
 */
export const NEW_STATION_PAGE = process.env.NEW_STATION_PAGE === 'true';

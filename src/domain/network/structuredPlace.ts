/** schema.org types for station pages: each station kind is a Place subtype. */
import type { StationKind } from '../search/timetable.ts';

export const STATION_SCHEMA_TYPE: Record<StationKind, string> = {
  bus_terminal: 'BusStation',
  railway_station: 'TrainStation',
  airport: 'Airport',
  pier: 'BoatTerminal',
  pickup_point: 'BusStop',
};

export function stationPlace(s: {
  kind: StationKind;
  name: string;
  url: URL;
  lat: number;
  lon: number;
  locality: string;
  countryCode: string;
  code: string | null;
}): Record<string, unknown> {
  return {
    '@type': STATION_SCHEMA_TYPE[s.kind],
    name: s.name,
    url: s.url.href,
    geo: { '@type': 'GeoCoordinates', latitude: s.lat, longitude: s.lon },
    address: { '@type': 'PostalAddress', addressLocality: s.locality, addressCountry: s.countryCode },
    ...(s.code ? (s.kind === 'airport' ? { iataCode: s.code } : { identifier: s.code }) : {}),
  };
}

/**
 * Shapes of the hand-written geography that the seed generator turns into rows.
 * The data files beside this one are facts about the real world (names, coordinates,
 * time zones); everything invented (operators, prices, timetables) is made by the generator.
 */

/** A name in English plus, where known, in other site locales (locale codes of src/i18n/locales.ts). */
export interface LocalizedNames {
  en: string;
  [locale: string]: string;
}

export type CountryCode = 'TH' | 'KH' | 'LA' | 'VN' | 'MY' | 'SG' | 'ID' | 'JP' | 'KR' | 'TW';

export interface CountrySeed {
  code: CountryCode;
  slug: string;
  name: LocalizedNames;
  /** ISO 4217 code of the money operators there price in. */
  currency: string;
}

export interface ProvinceSeed {
  slug: string;
  country: CountryCode;
  name: LocalizedNames;
}

export type PlaceKind = 'city' | 'area' | 'island';

export interface PlaceSeed {
  slug: string;
  /** slug of a ProvinceSeed */
  province: string;
  kind: PlaceKind;
  name: LocalizedNames;
  /** Other names travellers type (former names, other romanisations); see placeNames.ts. */
  aliases?: string[];
  lat: number;
  lon: number;
  /** IANA zone, e.g. Asia/Bangkok */
  timeZone: string;
  /** 1 (hamlet) to 100 (capital): how much traffic the generator gives the place. */
  popularity: number;
}

export type StationKind = 'bus_terminal' | 'pier' | 'airport' | 'railway_station' | 'pickup_point';

export interface StationSeed {
  slug: string;
  /** slug of a PlaceSeed */
  place: string;
  kind: StationKind;
  name: LocalizedNames;
  lat: number;
  lon: number;
  /** IATA code for airports, the railway's own code for stations where one is known. */
  code?: string;
}

/** A real passenger rail line: stations in running order, with typical minutes from the first one. */
export interface RailLineSeed {
  slug: string;
  name: string;
  stops: { station: string; minutesFromStart: number }[];
}

/** A real ferry or speedboat crossing between two piers, with its usual duration. */
export interface FerryLinkSeed {
  from: string;
  to: string;
  minutes: number;
  /** slow car ferry, or speedboat/catamaran */
  kind: 'ferry' | 'speedboat';
}

export interface GeographySeed {
  countries: CountrySeed[];
  provinces: ProvinceSeed[];
  places: PlaceSeed[];
  stations: StationSeed[];
  railLines: RailLineSeed[];
  ferryLinks: FerryLinkSeed[];
}

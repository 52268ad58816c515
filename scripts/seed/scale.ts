/**
 * A large synthetic network for benchmarks (`db:seed --scale`): 2,100 invented places on a
 * grid over a region the size of mainland Southeast Asia, five stations each, and over
 * 200,000 departures a day. Nothing here is real; it exists to load the search engine.
 *
 * Reference tables (places, stations, operators) are small enough to build up front; the
 * routes are produced lazily, a few thousand at a time, so memory stays flat however big
 * the network is.
 */
import { roadStops } from './builders/common.ts';
import { haversineKm, ROAD_DETOUR_FACTOR } from './geo.ts';
import { sampleInventory } from './inventory.ts';
import { fareMinor, fxRateRows } from './money.ts';
import { VEHICLE_CLASS_ROWS, TIMETABLE_DAYS } from './network.ts';
import { lateRefundPct, slugify } from './operators.ts';
import { createRandom, type Random } from './random.ts';
import type { CountryRow, OperatorRow, PlaceRow, ProvinceRow, RouteBatch, StationRow, StreamedNetwork, VehicleClass } from './rows.ts';
import { type Feature, type OptionSpec, RouteSink } from './sink.ts';
import { addDays, DAILY } from './time.ts';

export interface ScaleOptions {
  seed: number;
  today: string;
}

const GRID_ROWS = 42;
const GRID_COLS = 50;
const LAT_STEP = 0.45;
const LON_STEP = 0.6;
const ORIGIN = { lat: 0.5, lon: 95 };
const PROVINCES_PER_COUNTRY = 20;
/** Routes per streamed batch: big enough for efficient inserts, small enough to stay lean. */
const ROUTES_PER_BATCH = 2_000;

const SYNTHETIC_COUNTRIES = [
  { code: 'XA', name: 'Aurelia', currency: 'THB', timeZone: 'Asia/Bangkok' },
  { code: 'XB', name: 'Borovia', currency: 'VND', timeZone: 'Asia/Ho_Chi_Minh' },
  { code: 'XC', name: 'Calderra', currency: 'LAK', timeZone: 'Asia/Vientiane' },
  { code: 'XD', name: 'Drakmoor', currency: 'USD', timeZone: 'Asia/Phnom_Penh' },
  { code: 'XE', name: 'Estoria', currency: 'MYR', timeZone: 'Asia/Kuala_Lumpur' },
  { code: 'XF', name: 'Faroway', currency: 'IDR', timeZone: 'Asia/Jakarta' },
] as const;

type SyntheticCountry = (typeof SYNTHETIC_COUNTRIES)[number];

const OPERATOR_KIND_WORD: Readonly<Record<VehicleClass, string>> = {
  bus: 'Coach',
  van: 'Shuttle',
  train: 'Rail',
  ferry: 'Ferries',
  avia: 'Air',
  charter: 'Transfers',
};

const SYLLABLES = [
  'ban',
  'na',
  'khao',
  'lam',
  'phu',
  'sai',
  'muang',
  'thong',
  'kaeo',
  'nong',
  'wang',
  'bo',
  'chai',
  'don',
  'huai',
  'krung',
  'mae',
  'pak',
  'si',
  'tha',
  'lo',
  'ran',
  'ka',
  'tu',
];

interface GridPlace {
  row: PlaceRow;
  gridRow: number;
  gridCol: number;
  country: SyntheticCountry;
  /** Stations by role; airports and piers only in some places. */
  busTerminal: StationRow;
  pickupPoint: StationRow;
  railwayStation: StationRow;
  pier?: StationRow;
  airport?: StationRow;
}

interface World {
  countries: CountryRow[];
  provinces: ProvinceRow[];
  places: GridPlace[];
  stations: StationRow[];
  operators: OperatorRow[];
}

export function buildScaleNetwork({ seed, today }: ScaleOptions): StreamedNetwork {
  const rng = createRandom(seed).fork('scale');
  const world = buildWorld(rng.fork('world'));
  return {
    countries: world.countries,
    provinces: world.provinces,
    places: world.places.map((p) => p.row),
    stations: world.stations,
    vehicleClasses: [...VEHICLE_CLASS_ROWS],
    operators: world.operators,
    fxRates: fxRateRows(),
    routeBatches: { [Symbol.iterator]: () => routeBatches(world, rng.fork('routes'), today) },
    warnings: [],
  };
}

/** 'Z' plus two letters, unique for the first 676 airports: ZAA, ZAB, … */
function syntheticAirportCode(n: number): string {
  const letter = (i: number) => String.fromCharCode(65 + (i % 26));
  return `Z${letter(Math.floor(n / 26))}${letter(n)}`;
}

function placeName(rng: Random): string {
  const parts = Array.from({ length: rng.int(2, 3) }, () => rng.pick(SYLLABLES));
  const word = parts.join('');
  return `${rng.chance(0.3) ? 'Ban ' : ''}${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`;
}

function buildWorld(rng: Random): World {
  const countries: CountryRow[] = SYNTHETIC_COUNTRIES.map((c) => ({
    code: c.code,
    slug: slugify(`synthetic ${c.name}`),
    names: { en: c.name },
    currency: c.currency,
  }));
  const provinces: ProvinceRow[] = SYNTHETIC_COUNTRIES.flatMap((c, ci) =>
    Array.from({ length: PROVINCES_PER_COUNTRY }, (_, i) => ({
      id: ci * PROVINCES_PER_COUNTRY + i + 1,
      slug: slugify(`${c.name} province ${i + 1}`),
      countryCode: c.code,
      names: { en: `${c.name} Province ${i + 1}` },
    })),
  );

  const places: GridPlace[] = [];
  const stations: StationRow[] = [];
  const addStation = (place: PlaceRow, kind: StationRow['kind'], label: string, code: string | null = null): StationRow => {
    const station: StationRow = {
      id: stations.length + 1,
      slug: `${place.slug}-${slugify(label)}`,
      kind,
      names: { en: `${place.names.en} ${label}` },
      aliases: [],
      lat: place.lat + rng.float(-0.03, 0.03),
      lon: place.lon + rng.float(-0.03, 0.03),
      placeId: place.id,
      code,
    };
    stations.push(station);
    return station;
  };

  for (let gridRow = 0; gridRow < GRID_ROWS; gridRow++) {
    for (let gridCol = 0; gridCol < GRID_COLS; gridCol++) {
      // Countries are vertical bands, provinces horizontal stripes within them.
      const countryIndex = Math.min(SYNTHETIC_COUNTRIES.length - 1, Math.floor((gridCol * SYNTHETIC_COUNTRIES.length) / GRID_COLS));
      const country = SYNTHETIC_COUNTRIES[countryIndex] ?? SYNTHETIC_COUNTRIES[0];
      const provinceIndex = Math.floor((gridRow * PROVINCES_PER_COUNTRY) / GRID_ROWS);
      const id = places.length + 1;
      const name = placeName(rng);
      const row: PlaceRow = {
        id,
        slug: `${slugify(name)}-${id}`,
        kind: 'city',
        names: { en: name },
        aliases: [],
        lat: ORIGIN.lat + gridRow * LAT_STEP + rng.float(-0.1, 0.1),
        lon: ORIGIN.lon + gridCol * LON_STEP + rng.float(-0.1, 0.1),
        timeZone: country.timeZone,
        provinceId: countryIndex * PROVINCES_PER_COUNTRY + provinceIndex + 1,
        countryCode: country.code,
        // Mostly small towns, a few big cities.
        popularity: Math.max(1, Math.round(100 * rng.next() ** 3)),
      };
      const hasAirport = id % 10 === 0;
      const hasPier = gridRow % 2 === 0 && gridCol % 3 === 0;
      const place: GridPlace = {
        row,
        gridRow,
        gridCol,
        country,
        busTerminal: addStation(row, 'bus_terminal', 'Bus Terminal'),
        pickupPoint: addStation(row, 'pickup_point', 'Town Centre'),
        railwayStation: addStation(row, 'railway_station', 'Railway Station'),
      };
      if (hasAirport) place.airport = addStation(row, 'airport', 'Airport', syntheticAirportCode(id / 10));
      if (hasPier) place.pier = addStation(row, 'pier', 'Pier');
      // Every place has five stations: the fifth is whatever it lacks, a second pickup point.
      const extra = 5 - (3 + (hasAirport ? 1 : 0) + (hasPier ? 1 : 0));
      for (let i = 0; i < extra; i++) addStation(row, 'pickup_point', `Market ${i + 1}`);
      places.push(place);
    }
  }

  const operators: OperatorRow[] = [];
  const perCountry: Record<VehicleClass, number> = { bus: 8, van: 5, train: 1, ferry: 3, avia: 2, charter: 3 };
  for (const country of SYNTHETIC_COUNTRIES) {
    for (const [vehicleClass, n] of Object.entries(perCountry) as [VehicleClass, number][]) {
      for (let i = 1; i <= n; i++) {
        const name = `${country.name} ${OPERATOR_KIND_WORD[vehicleClass]} ${i}`;
        const slug = slugify(`synthetic ${name}`);
        operators.push({
          id: operators.length + 1,
          slug,
          name,
          logo: `/logos/${slug}.svg`,
          vehicleClasses: [vehicleClass],
          rating: Math.round(rng.float(3.2, 4.9) * 10) / 10,
          reviewCount: rng.int(10, 5_000),
          confirmation: vehicleClass === 'van' && i === n ? 'manual' : 'instant',
          currency: country.currency,
          countryCode: country.code,
          lateRefundPct: lateRefundPct([vehicleClass], 'regional'),
          collectsOwnPayment: false,
        });
      }
    }
  }
  return { countries, provinces, places, stations, operators };
}

function option(className: string, thb: number, seats: number, features: Feature[], operator: OperatorRow, cutoff: number): OptionSpec {
  return { className, priceMinor: fareMinor(thb, 'TH', operator.currency), seats, features, fullRefundHours: 24, bookingCutoffMin: cutoff };
}

/** `count` departures from `fromHour`, one an hour, minutes cycling :00/:15/:30/:45. */
function everyHour(fromHour: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => (fromHour + i) * 60 + 15 * (i % 4));
}

/** All routes of the synthetic network, in batches. Each kind of service is one pass over the grid. */
function* routeBatches(world: World, rng: Random, today: string): Generator<RouteBatch> {
  const sink = new RouteSink(today, addDays(today, TIMETABLE_DAYS));
  const inventoryRng = rng.fork('inventory');
  const at = (gridRow: number, gridCol: number) =>
    gridRow >= 0 && gridRow < GRID_ROWS && gridCol >= 0 && gridCol < GRID_COLS ? world.places[gridRow * GRID_COLS + gridCol] : undefined;
  const operatorsOf = (country: SyntheticCountry, vehicleClass: VehicleClass) =>
    world.operators.filter((o) => o.countryCode === country.code && o.vehicleClasses.includes(vehicleClass));

  function flush(): RouteBatch {
    const { batch, meta } = sink.takeBatch();
    // 1% of departures get seat inventory for a week, to exercise that path at scale too.
    batch.departureInventory = sampleInventory(batch, meta, {
      today,
      days: 7,
      fraction: 0.01,
      soldOutChance: 0.05,
      rng: inventoryRng,
      nextId: () => sink.takeInventoryId(),
    });
    return batch;
  }

  /** Adds a route there and back along `stationsOut`, run by one operator of the place's country. */
  function pair(
    r: Random,
    vehicleClass: VehicleClass,
    from: GridPlace,
    stationsOut: StationRow[],
    speedKmh: number,
    departures: number[],
    options: (km: number, operator: OperatorRow) => OptionSpec[],
  ): void {
    const operator = r.pick(operatorsOf(from.country, vehicleClass));
    const number = r.int(10, 999);
    [stationsOut, [...stationsOut].reverse()].forEach((stations, direction) => {
      const { stops, distanceKm } = roadStops(
        r,
        stations.map((row) => ({ row })),
        speedKmh,
        vehicleClass === 'avia' ? 1 : ROAD_DETOUR_FACTOR,
      );
      sink.add({
        operator,
        vehicleClass,
        code: `${operator.name.slice(0, 3).toUpperCase()} ${number * 2 + direction}`,
        distanceKm,
        stops,
        departures: departures.map((minute) => ({ minute, weekdays: r.chance(0.02) ? 31 : DAILY })),
        timesConfirmed: operator.confirmation === 'instant',
        options: options(distanceKm, operator),
        timeZone: from.row.timeZone,
        popularity: from.row.popularity,
      });
    });
  }

  /** Ten buses a day to four grid neighbours; the two-step hop calls at the town in between. */
  function* busRoutes(r: Random): Generator<void> {
    for (const place of world.places) {
      for (const [dr, dc] of [
        [0, 1],
        [1, 0],
        [1, 1],
        [0, 2],
      ] as const) {
        const target = at(place.gridRow + dr, place.gridCol + dc);
        if (!target) continue;
        const middle = dc === 2 ? at(place.gridRow, place.gridCol + 1) : undefined;
        const stations = middle ? [place.busTerminal, middle.busTerminal, target.busTerminal] : [place.busTerminal, target.busTerminal];
        pair(r, 'bus', place, stations, 55, everyHour(6, 10), (km, op) => [
          option('Standard 40 seats', 40 + 0.75 * km, 40, ['ac', 'luggage'], op, 30),
          ...(r.chance(0.5) ? [option('VIP 24 seats', 40 + 1.23 * km, 24, ['ac', 'toilet', 'wifi', 'reclining_seats'], op, 30)] : []),
        ]);
        yield;
      }
    }
  }

  function* vanRoutes(r: Random): Generator<void> {
    for (const place of world.places) {
      for (const [dr, dc] of [
        [1, -1],
        [2, 1],
      ] as const) {
        const target = at(place.gridRow + dr, place.gridCol + dc);
        if (!target) continue;
        pair(r, 'van', place, [place.pickupPoint, target.pickupPoint], 65, everyHour(7, 6), (km, op) => [
          option('Minivan 13 seats', 50 + 0.9 * km, 13, ['ac', 'pickup'], op, 30),
        ]);
        yield;
      }
    }
  }

  /** A rail line along every grid row in ten-station sections, six trains each way. */
  function* trainRoutes(r: Random): Generator<void> {
    for (let gridRow = 0; gridRow < GRID_ROWS; gridRow++) {
      for (let startCol = 0; startCol + 1 < GRID_COLS; startCol += 9) {
        const line = Array.from({ length: 10 }, (_, i) => at(gridRow, startCol + i)).filter((p): p is GridPlace => p !== undefined);
        const first = line[0];
        if (!first || line.length < 2) continue;
        for (const minute of [360, 480, 660, 840, 1020, 1200]) {
          pair(
            r,
            'train',
            first,
            line.map((p) => p.railwayStation),
            70,
            [minute],
            (km, op) => [
              option('2nd class seat AC', 20 + 0.85 * km, 64, ['ac', 'toilet'], op, 30),
              option('3rd class seat', 15 + 0.16 * km, 70, ['toilet'], op, 30),
            ],
          );
          yield;
        }
      }
    }
  }

  function* ferryRoutes(r: Random): Generator<void> {
    for (const place of world.places) {
      const target = at(place.gridRow, place.gridCol + 3);
      if (!place.pier || !target?.pier) continue;
      pair(r, 'ferry', place, [place.pier, target.pier], 30, [420, 600, 780, 960], (km, op) => [
        option('Economy deck', 60 + 3 * km, 200, ['luggage'], op, 45),
      ]);
      yield;
    }
  }

  /** Every airport flies to three others far enough away, twice a day. */
  function* flightRoutes(r: Random): Generator<void> {
    const airports = world.places.filter((p) => p.airport);
    for (const [i, place] of airports.entries()) {
      for (const step of [7, 31, 53]) {
        const target = airports[(i + step) % airports.length];
        if (!place.airport || !target?.airport) continue;
        if (haversineKm(place.row, target.row) < 250) continue;
        pair(r, 'avia', place, [place.airport, target.airport], 600, [r.int(12, 54) * 15, r.int(56, 86) * 15], (km, op) => [
          option('Economy', 900 + 1.6 * km, 180, ['luggage'], op, 60),
        ]);
        yield;
      }
    }
  }

  function* charterRoutes(r: Random): Generator<void> {
    for (const place of world.places) {
      if (!place.airport) continue;
      const neighbour = at(place.gridRow, place.gridCol + 1) ?? at(place.gridRow, place.gridCol - 1);
      for (const target of [place.pickupPoint, neighbour?.pickupPoint]) {
        if (!target) continue;
        pair(
          r,
          'charter',
          place,
          [place.airport, target],
          60,
          [6, 8, 10, 12, 14, 16, 18, 20].map((h) => h * 60),
          (km, op) => [option('Private sedan (3 pax)', Math.max(1_000, 25 * km), 3, ['ac', 'luggage', 'pickup'], op, 180)],
        );
        yield;
      }
    }
  }

  // Each service generator yields after every route pair, which is where a full batch is handed out.
  const services = [busRoutes, vanRoutes, trainRoutes, ferryRoutes, flightRoutes, charterRoutes];
  for (const service of services) {
    const steps = service(rng.fork(service.name));
    while (!steps.next().done) {
      if (sink.batchRouteCount >= ROUTES_PER_BATCH) yield flush();
    }
  }
  if (sink.batchRouteCount > 0) yield flush();
}

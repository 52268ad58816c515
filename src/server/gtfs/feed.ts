/**
 * Reading a GTFS feed: the zip's CSV files, each row checked with zod. GTFS is loose in practice
 * (optional columns, byte-order marks, stray spaces), so rows are trimmed and every column the
 * import does not need is optional; a row that fails its schema becomes a problem the dry run
 * shows (file, line, reason), never a crash. Files the import does not use are listed as such.
 */
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { z } from 'zod';

const text = z.string().trim();
const optional = text.optional().transform((v) => (v === '' ? undefined : v));
const required = text.min(1);

export const feedSchemas = {
  'agency.txt': z.looseObject({
    agency_id: optional,
    agency_name: required,
    agency_timezone: required,
    roamly_country: optional,
    roamly_currency: optional,
    roamly_logo: optional,
    roamly_confirmation: z.enum(['instant', 'manual']).optional().catch(undefined),
    roamly_late_refund_pct: optional,
    roamly_rating: optional,
    roamly_review_count: optional,
  }),
  'stops.txt': z.looseObject({
    stop_id: required,
    stop_code: optional,
    stop_name: optional,
    stop_lat: z.coerce.number().min(-90).max(90),
    stop_lon: z.coerce.number().min(-180).max(180),
    location_type: optional,
    stop_timezone: optional,
    roamly_kind: optional,
    roamly_place: optional,
    roamly_aliases: optional,
  }),
  'routes.txt': z.looseObject({
    route_id: required,
    agency_id: optional,
    route_short_name: optional,
    route_long_name: optional,
    route_type: z.coerce.number().int(),
    roamly_vehicle_class: optional,
    roamly_distance_km: optional,
  }),
  'trips.txt': z.looseObject({ route_id: required, service_id: required, trip_id: required, roamly_times_confirmed: optional }),
  'stop_times.txt': z.looseObject({
    trip_id: required,
    arrival_time: optional,
    departure_time: optional,
    stop_id: required,
    stop_sequence: z.coerce.number().int().nonnegative(),
  }),
  'calendar.txt': z.looseObject({
    service_id: required,
    monday: z.enum(['0', '1']),
    tuesday: z.enum(['0', '1']),
    wednesday: z.enum(['0', '1']),
    thursday: z.enum(['0', '1']),
    friday: z.enum(['0', '1']),
    saturday: z.enum(['0', '1']),
    sunday: z.enum(['0', '1']),
    start_date: required,
    end_date: required,
  }),
  'calendar_dates.txt': z.looseObject({ service_id: required, date: required, exception_type: z.enum(['1', '2']) }),
  'fare_attributes.txt': z.looseObject({
    fare_id: required,
    price: required,
    currency_type: text.regex(/^[A-Z]{3}$/),
    agency_id: optional,
    roamly_class_name: optional,
    roamly_seats: optional,
    roamly_features: optional,
    roamly_full_refund_hours: optional,
    roamly_confirmation: z.enum(['instant', 'manual']).optional().catch(undefined),
    roamly_booking_cutoff_min: optional,
  }),
  'fare_rules.txt': z.looseObject({ fare_id: required, route_id: optional }),
  'translations.txt': z.looseObject({
    table_name: required,
    field_name: required,
    language: required,
    translation: required,
    record_id: optional,
  }),
  'transfers.txt': z.looseObject({ from_stop_id: optional, to_stop_id: optional }),
} as const;

export type FeedFileName = keyof typeof feedSchemas;
export type FeedRows = { [F in FeedFileName]: z.infer<(typeof feedSchemas)[F]>[] };

export interface FeedProblem {
  file: string;
  /** The CSV line (1 = the header), when the problem is one row's. */
  line?: number;
  reason: string;
}

export interface ParsedFeed {
  rows: FeedRows;
  problems: FeedProblem[];
  /** Files in the zip the import does not read (shapes, frequencies, …). */
  unused: string[];
}

const REQUIRED_FILES: FeedFileName[] = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];

/** Reads a feed from its zip bytes. Throws only when the bytes are not a zip at all. */
export function readFeed(zip: Uint8Array): ParsedFeed {
  const entries = unzipSync(zip);
  const byName = new Map(Object.entries(entries).map(([path, bytes]) => [path.split('/').pop() ?? path, bytes]));
  const problems: FeedProblem[] = [];
  const rows = {} as Record<FeedFileName, unknown[]>;
  for (const name of Object.keys(feedSchemas) as FeedFileName[]) {
    rows[name] = [];
    const bytes = byName.get(name);
    if (!bytes) {
      if (REQUIRED_FILES.includes(name)) problems.push({ file: name, reason: 'required file missing' });
      continue;
    }
    let records: Record<string, string>[];
    try {
      records = parse(strFromU8(bytes), { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
    } catch (error) {
      problems.push({ file: name, reason: `not readable CSV: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    const schema = feedSchemas[name] as z.ZodType;
    records.forEach((record, i) => {
      const parsed = schema.safeParse(record);
      if (parsed.success) rows[name].push(parsed.data);
      else
        problems.push({
          file: name,
          line: i + 2,
          reason: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
        });
    });
  }
  const unused = [...byName.keys()].filter((name) => name.endsWith('.txt') && !(name in feedSchemas) && name !== 'feed_info.txt');
  if (rows['calendar.txt'].length === 0 && rows['calendar_dates.txt'].length === 0)
    problems.push({ file: 'calendar.txt', reason: 'neither calendar.txt nor calendar_dates.txt has a service' });
  return { rows: rows as FeedRows, problems, unused };
}

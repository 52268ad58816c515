/**
 * Stations as managers edit them (issue 22, /{lang}/op/stations): find one by name or slug, change
 * its coordinates, kind, names per locale and time zone, or add one. A station keeps the time zone
 * of its place (search shows every stop of a town in one zone, `places.time_zone`), so changing it
 * here changes the place's, for all the place's stations; the audit row says so in before/after.
 * Each change writes its `network_audit` row and a new inventory_version in one transaction and is
 * then announced on the bus, so every server process rebuilds its search index at once.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALE_CODES } from '../../i18n/locales.ts';
import type { Bus } from '../bus/bus.ts';
import { getBus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import { places, stationKind, stations, type LocalizedText } from '../db/schema.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type StaffMember } from './access.ts';
import { recordNetworkChange } from './networkAudit.ts';

export const STATION_KINDS = stationKind.enumValues;
export type StationKind = (typeof STATION_KINDS)[number];

/** An IANA zone name the runtime knows ("Asia/Bangkok", "UTC"); offsets and abbreviations are refused. */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/)
    .transform(Number)
    .refine((n) => Math.abs(n) <= limit);

/** The station form: one `name_{locale code}` field per locale (English required, others optional). */
export const stationForm = z
  .object({
    kind: z.enum(STATION_KINDS),
    lat: coordinate(90),
    lon: coordinate(180),
    timeZone: z.string().trim().refine(isIanaTimeZone),
    name_en: z.string().trim().min(1).max(200),
    ...Object.fromEntries(LOCALE_CODES.filter((c) => c !== 'en').map((c) => [`name_${c}`, z.string().trim().max(200).optional()])),
  })
  .transform(({ kind, lat, lon, timeZone, ...fields }) => {
    const names: LocalizedText = { en: fields.name_en };
    for (const code of LOCALE_CODES) {
      const name = fields[`name_${code}` as keyof typeof fields];
      if (typeof name === 'string' && name) names[code] = name;
    }
    return { kind, lat, lon, timeZone, names };
  });
export type StationInput = z.infer<typeof stationForm>;

/** A new station also names its slug (its address on the site) and the place it belongs to. */
export const newStationForm = z
  .object({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(80),
    placeSlug: z.string().trim().min(1).max(80),
  })
  .and(stationForm);
export type NewStationInput = z.infer<typeof newStationForm>;

export interface StationRow {
  id: number;
  slug: string;
  kind: StationKind;
  names: LocalizedText;
  lat: number;
  lon: number;
  placeSlug: string;
  timeZone: string;
}

const stationColumns = {
  id: stations.id,
  slug: stations.slug,
  kind: stations.kind,
  names: stations.names,
  lat: stations.lat,
  lon: stations.lon,
  placeSlug: places.slug,
  timeZone: places.timeZone,
};

/** Stations whose slug or a name in any locale contains `query` (all when empty), by slug; at most `limit`. */
export function findStations(db: Db, query: string, limit = 50): Promise<StationRow[]> {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(stationColumns)
    .from(stations)
    .innerJoin(places, eq(places.id, stations.placeId))
    .where(query ? sql`(${stations.slug} ilike ${pattern} or ${stations.names}::text ilike ${pattern})` : undefined)
    .orderBy(asc(stations.slug))
    .limit(limit);
}

export async function stationById(db: Db, id: number): Promise<StationRow | undefined> {
  const [row] = await db
    .select(stationColumns)
    .from(stations)
    .innerJoin(places, eq(places.id, stations.placeId))
    .where(eq(stations.id, id));
  return row;
}

export type StationChange =
  { result: 'saved'; id: number; version: number } | { result: 'unknown_station' | 'unknown_place' | 'slug_taken' };

/** The audited shape of a station (what before/after compare). */
function audited(row: Omit<StationRow, 'id' | 'slug' | 'placeSlug'>) {
  return { kind: row.kind, lat: row.lat, lon: row.lon, timeZone: row.timeZone, names: row.names };
}

async function announce(change: StationChange, bus: Bus | undefined): Promise<StationChange> {
  // A lost announcement only delays other processes until their periodic version check.
  if (change.result === 'saved') await announceInventoryChange(bus ?? (await getBus()), change.version).catch(() => undefined);
  return change;
}

/** Changes station `id` as `staff`; the row is locked so two managers' edits are audited one after the other. */
export async function updateStation(
  db: Db,
  staff: StaffMember,
  id: number,
  input: StationInput,
  requestId: string | null,
  bus?: Bus,
): Promise<StationChange> {
  assertMay(staff, 'stations.save');
  const change = await db.transaction(async (tx): Promise<StationChange> => {
    const [current] = await tx
      .select({ ...stationColumns, placeId: stations.placeId })
      .from(stations)
      .innerJoin(places, eq(places.id, stations.placeId))
      .where(eq(stations.id, id))
      .for('update');
    if (!current) return { result: 'unknown_station' };
    await tx.update(stations).set({ kind: input.kind, lat: input.lat, lon: input.lon, names: input.names }).where(eq(stations.id, id));
    if (input.timeZone !== current.timeZone)
      await tx.update(places).set({ timeZone: input.timeZone }).where(eq(places.id, current.placeId));
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'station',
      entityKey: current.slug,
      action: 'update',
      before: audited(current),
      after: audited(input),
    });
    return { result: 'saved', id, version: await bumpInventoryVersion(tx) };
  });
  return announce(change, bus);
}

/** Adds a station to an existing place as `staff`. */
export async function addStation(
  db: Db,
  staff: StaffMember,
  input: NewStationInput,
  requestId: string | null,
  bus?: Bus,
): Promise<StationChange> {
  assertMay(staff, 'stations.save');
  const change = await db.transaction(async (tx): Promise<StationChange> => {
    const [place] = await tx.select({ id: places.id, timeZone: places.timeZone }).from(places).where(eq(places.slug, input.placeSlug));
    if (!place) return { result: 'unknown_place' };
    const [inserted] = await tx
      .insert(stations)
      .values({ slug: input.slug, kind: input.kind, names: input.names, lat: input.lat, lon: input.lon, placeId: place.id })
      .onConflictDoNothing({ target: stations.slug })
      .returning({ id: stations.id });
    if (!inserted) return { result: 'slug_taken' };
    if (input.timeZone !== place.timeZone) await tx.update(places).set({ timeZone: input.timeZone }).where(eq(places.id, place.id));
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'station',
      entityKey: input.slug,
      action: 'create',
      before: null,
      after: { ...audited(input), place: input.placeSlug },
    });
    return { result: 'saved', id: inserted.id, version: await bumpInventoryVersion(tx) };
  });
  return announce(change, bus);
}

/**
 * Site settings staff may change while the site runs (issue 22, /{lang}/op/settings): each with
 * its zod schema (type and bounds) and its default from the configuration (src/config/
 * environment.ts). Only settings the code reads per request belong here:
 * - `holdMinutes`: how long a new reservation keeps its seats (checkout/api.ts, at reserve);
 * - `counterPaymentHours`: how long a pay-at-counter reference stays valid (payment/counter.ts).
 * Every process keeps the stored values in memory, read again when any process announces a
 * change on the bus (`settings_changed`) and at least every 30 seconds.
 */
import { z } from 'zod';
import { getBus, isServingProcess } from '../bus/index.ts';
import { parseBookingEnv } from '../booking/config.ts';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { componentLogger } from '../logger.ts';
import { parsePaymentEnv } from '../payment/config.ts';

export const SITE_SETTINGS = {
  holdMinutes: {
    // At least 5 minutes to type the passengers in; at most 2 hours of seats kept from sale.
    schema: z.coerce.number().int().min(5).max(120),
    fallback: () => parseBookingEnv().HOLD_MINUTES,
    unit: 'minutes',
  },
  counterPaymentHours: {
    schema: z.coerce.number().int().min(1).max(168),
    fallback: () => parsePaymentEnv().COUNTER_PAYMENT_HOURS,
    unit: 'hours',
  },
} as const;

export type SettingKey = keyof typeof SITE_SETTINGS;
export const SETTING_KEYS = Object.keys(SITE_SETTINGS) as SettingKey[];
export type SettingValues = Partial<Record<SettingKey, number>>;

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

/** The stored values that pass their schema; a row that does not (edited by hand) is logged and ignored. */
export async function storedSettings(db: Db): Promise<SettingValues> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  const values: SettingValues = {};
  for (const row of rows) {
    if (!isSettingKey(row.key)) continue;
    const parsed = SITE_SETTINGS[row.key].schema.safeParse(row.value);
    if (parsed.success) values[row.key] = parsed.data;
    else componentLogger('settings').warn({ key: row.key }, 'stored setting out of bounds; the default applies');
  }
  return values;
}

interface Cached {
  values: Promise<SettingValues>;
  loadedAt: number;
}

/**
 * The values per database in memory (a test process opens several databases; the server one).
 * A `settings_changed` message from any process empties it, and a copy older than MAX_AGE_MS is
 * read again, so a process that missed the message still follows within half a minute.
 */
const cache = new WeakMap<Db, Cached>();
let cachedDbs: WeakRef<Db>[] = [];
const MAX_AGE_MS = 30_000;
let following = false;

function forgetAll(): void {
  for (const ref of cachedDbs) {
    const db = ref.deref();
    if (db) cache.delete(db);
  }
  cachedDbs = [];
}

function follow(): void {
  if (following || !isServingProcess()) return;
  following = true;
  getBus()
    .then((bus) => bus.subscribe('settings_changed', forgetAll))
    .catch((error: unknown) => {
      following = false;
      componentLogger('settings').warn({ err: error instanceof Error ? error.message : String(error) }, 'not following changes');
    });
}

async function valuesOf(db: Db, now: number): Promise<SettingValues> {
  follow();
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt <= MAX_AGE_MS) return cached.values;
  const values = storedSettings(db);
  cache.set(db, { values, loadedAt: now });
  cachedDbs.push(new WeakRef(db));
  values.catch(() => cache.delete(db));
  return values;
}

/** A setting's value now: the stored one, or the configured default. */
export async function siteSetting(db: Db, key: SettingKey, now = Date.now()): Promise<number> {
  return (await valuesOf(db, now))[key] ?? SITE_SETTINGS[key].fallback();
}

/** This process reads the database's settings afresh on the next call. */
export function forgetSettings(db: Db): void {
  cache.delete(db);
}

/** After a change: this process reads afresh at once, and every other process hears it over the bus. */
export async function settingsChanged(db: Db): Promise<void> {
  forgetSettings(db);
  const bus = await getBus();
  await bus.publish('settings_changed', { at: Date.now() });
}

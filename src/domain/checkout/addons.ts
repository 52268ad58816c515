/**
 * Add-ons sold with a booking (SPEC §3): insurance options {value, text, data {pack, label}},
 * extra luggage (an addon field with options and a max of 99 per row, rows repeatable and
 * removable while more than one), and pickup options {arrival_datetime, arrival_station_name}.
 * Prices are set in THB minor units and converted to the cart's currency by the caller.
 */
import type { MessageKey } from '../../i18n/messageKeys.ts';

export const MAX_ADDON_QUANTITY = 99;

export interface InsuranceOption {
  value: string;
  text: MessageKey;
  data: { pack: string; label: MessageKey };
  /** Share of the fare, in percent, per passenger. */
  pct: number;
}

export const INSURANCE_OPTIONS: readonly InsuranceOption[] = [
  { value: 'basic', text: 'checkout.insuranceBasic', data: { pack: 'basic', label: 'checkout.insuranceBasicLabel' }, pct: 3 },
  { value: 'premium', text: 'checkout.insurancePremium', data: { pack: 'premium', label: 'checkout.insurancePremiumLabel' }, pct: 6 },
];

export interface LuggageOption {
  value: string;
  /** Price per piece in THB minor units. */
  thbMinor: number;
}

export const LUGGAGE_OPTIONS: readonly LuggageOption[] = [
  { value: '20kg', thbMinor: 15_000 },
  { value: '30kg', thbMinor: 25_000 },
];

/** One row of an addon field: an option and how many of it. */
export interface AddonRow {
  option: string;
  quantity: number;
}

/**
 * An addon field's comma-separated value (SPEC §3 addon field): `20kg:2,30kg` is two 20 kg pieces
 * and one 30 kg piece. The form apps send and read instead of the structured rows; an option
 * without a count is one piece, and an option named twice adds up. A token that is not
 * `option[:count]` keeps a count that is not a number, so the schema names that row.
 */
export function addonRowsFromValue(value: string): { option: string; quantity: number }[] {
  const rows: { option: string; quantity: number }[] = [];
  for (const token of value.split(',').map((x) => x.trim())) {
    if (token === '') continue;
    const match = /^([a-z0-9-]{1,20})(?::(\d{1,3}))?$/.exec(token);
    const option = match?.[1] ?? token.slice(0, 20);
    const quantity = match ? Number(match[2] ?? 1) : Number.NaN;
    const same = match ? rows.find((r) => r.option === option) : undefined;
    if (same) same.quantity += quantity;
    else rows.push({ option, quantity });
  }
  return rows;
}

/** The rows as the comma-separated value (rows of no pieces left out): what addonRowsFromValue reads back. */
export function addonValueOfRows(rows: readonly AddonRow[]): string {
  return rows
    .filter((r) => r.quantity > 0)
    .map((r) => (r.quantity === 1 ? r.option : `${r.option}:${String(r.quantity)}`))
    .join(',');
}

/** "20kg" → "20 kg", "20 كغ", "20 кг", "20キロ"…: the weight in the locale's own unit style. */
export function luggageLabel(value: string, localeCode: string): string {
  const kg = /^(\d+)kg$/.exec(value);
  return kg ? new Intl.NumberFormat(localeCode, { style: 'unit', unit: 'kilogram' }).format(Number(kg[1])) : value;
}

export interface PickupOption {
  value: string;
  arrival_datetime: string;
  arrival_station_name: string;
  thbMinor: number;
}

/** A hotel pickup arriving at the boarding station 45 or 90 minutes before departure. */
export function pickupOptions(
  departureLocal: string,
  stationName: string,
  minusMinutes: (local: string, m: number) => string,
): PickupOption[] {
  return [45, 90].map((m) => ({
    value: `pickup-${m}`,
    arrival_datetime: minusMinutes(departureLocal, m),
    arrival_station_name: stationName,
    thbMinor: 20_000,
  }));
}

/** 'YYYY-MM-DD HH:mm' minus minutes, in the same local time. */
export function localMinus(local: string, minutes: number): string {
  const t = Date.parse(`${local.replace(' ', 'T')}:00Z`) - minutes * 60_000;
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

/** Luggage rows after removing one: the last row stays (SPEC §5 repeat removable while more than one). */
export function removeLuggageRow<T>(rows: readonly T[], index: number): T[] {
  return rows.length > 1 ? rows.filter((_, i) => i !== index) : [...rows];
}

export interface AddonPrices {
  /** Converts THB minor units to the cart currency's. */
  fromThb: (thbMinor: number) => number;
  fareMinor: number;
  people: number;
}

export interface AddonLine {
  kind: 'insurance' | 'luggage' | 'pickup';
  value: string;
  quantity: number;
  amountMinor: number;
}

export function addonLines(
  addons: { insurance: string | null; luggage: readonly { option: string; quantity: number }[]; pickup: string | null },
  p: AddonPrices,
  pickups: readonly PickupOption[],
): AddonLine[] | 'unknown_addon' {
  const lines: AddonLine[] = [];
  if (addons.insurance) {
    const option = INSURANCE_OPTIONS.find((o) => o.value === addons.insurance);
    if (!option) return 'unknown_addon';
    lines.push({ kind: 'insurance', value: option.value, quantity: p.people, amountMinor: Math.round((p.fareMinor * option.pct) / 100) });
  }
  for (const row of addons.luggage) {
    if (row.quantity === 0) continue;
    const option = LUGGAGE_OPTIONS.find((o) => o.value === row.option);
    if (!option || row.quantity > MAX_ADDON_QUANTITY) return 'unknown_addon';
    lines.push({ kind: 'luggage', value: option.value, quantity: row.quantity, amountMinor: p.fromThb(option.thbMinor) * row.quantity });
  }
  if (addons.pickup) {
    const option = pickups.find((o) => o.value === addons.pickup);
    if (!option) return 'unknown_addon';
    lines.push({ kind: 'pickup', value: option.value, quantity: 1, amountMinor: p.fromThb(option.thbMinor) });
  }
  return lines;
}

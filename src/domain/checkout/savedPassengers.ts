/**
 * Passengers kept on this device for the next booking (SPEC §3 saved passengers) and the form a
 * held booking is reopened with. Saving is the traveller's choice, off by default, and identity
 * documents are a second, separate choice: passport numbers, their expiry and birth dates are
 * written to browser storage only when the traveller ticked "also save documents and birth
 * dates". What an earlier version stored under `saved_passengers` (always with documents) is
 * read once, stripped of them, and the old entry removed.
 */
import { FIELD_ORDER, type PassengerField } from './fields.ts';
import type { Addons } from './validation.ts';

export type Passenger = Partial<Record<PassengerField, string>>;

export interface CheckoutForm {
  email: string;
  phone: string;
  passengers: Passenger[];
  addons: Addons;
}

/** Storage keys: the current list, and the old one that is migrated and removed. */
export const SAVED_KEY = 'saved_passengers_v2';
export const LEGACY_SAVED_KEY = 'saved_passengers';
export const MAX_SAVED = 10;

/** What identifies a person officially: saved only on the traveller's explicit request. */
export const DOCUMENT_FIELDS: readonly PassengerField[] = ['document_number', 'document_expiry', 'birth_date'];

export function withoutDocuments(p: Passenger): Passenger {
  return Object.fromEntries(Object.entries(p).filter(([field]) => !(DOCUMENT_FIELDS as readonly string[]).includes(field)));
}

/** Only the known fields with text in them, from whatever storage or a booking row holds. */
export function cleanPassenger(raw: unknown): Passenger {
  if (!raw || typeof raw !== 'object') return {};
  const source = raw as Record<string, unknown>;
  const out: Passenger = {};
  for (const field of FIELD_ORDER) {
    const value = source[field];
    if (typeof value === 'string' && value.trim() !== '') out[field] = value;
  }
  return out;
}

/** Reads a stored list; anything malformed is an empty list, never an error. */
export function decodeSaved(raw: string | undefined | null): Passenger[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.map(cleanPassenger).filter((p) => Object.keys(p).length > 0) : [];
  } catch {
    return [];
  }
}

/** The old list, as it may be kept: without documents or birth dates. */
export function migrateLegacy(raw: string | undefined | null): Passenger[] {
  return decodeSaved(raw)
    .map(withoutDocuments)
    .filter((p) => Object.keys(p).length > 0);
}

function identity(p: Passenger): string {
  return JSON.stringify([p.full_name ?? '', p.first_name ?? '', p.last_name ?? '']);
}

/** The new list after saving `passengers` (newest first, one entry per person, at most MAX_SAVED). */
export function mergeSaved(existing: readonly Passenger[], passengers: readonly Passenger[], withDocuments: boolean): Passenger[] {
  const fresh = passengers
    .map(cleanPassenger)
    .map((p) => (withDocuments ? p : withoutDocuments(p)))
    .filter((p) => Object.keys(p).length > 0);
  const seen = new Set(fresh.map(identity));
  return [...fresh, ...existing.filter((p) => !seen.has(identity(p)))].slice(0, MAX_SAVED);
}

/**
 * The passengers form as the held booking left it (booking row: email, passengers, add-ons with
 * the phone), for reopening the form after Back, reload or "Change passengers".
 */
export function formFromBooking(
  booking: { email: string | null; passengers: readonly unknown[]; addons: Record<string, unknown> },
  people: number,
  luggageOption: string,
): CheckoutForm {
  const a = booking.addons;
  const luggage = Array.isArray(a.luggage)
    ? a.luggage
        .filter((l): l is { option: string; quantity: number } => {
          const row = l as Record<string, unknown> | null;
          return typeof row?.option === 'string' && typeof row.quantity === 'number';
        })
        .map((l) => ({ option: l.option, quantity: l.quantity }))
    : [];
  return {
    email: booking.email ?? '',
    phone: typeof a.phone === 'string' ? a.phone : '',
    passengers: Array.from({ length: people }, (_, i) => cleanPassenger(booking.passengers[i])),
    addons: {
      insurance: typeof a.insurance === 'string' ? a.insurance : null,
      luggage: luggage.length ? luggage : [{ option: luggageOption, quantity: 0 }],
      pickup: typeof a.pickup === 'string' ? a.pickup : null,
    },
  };
}

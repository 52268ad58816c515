/**
 * The passengers step's state (SPEC §3 saved passengers, §4 checkout steps): the form, its
 * field errors, add-ons and the server's total, and the actions the island calls. Saved
 * passengers live in localStorage (`saved_passengers`) so the next booking fills in one click.
 * Validation is the domain's plain field rules (formRules.ts, no zod in the browser); the server
 * parses the same form again with its zod schema, held to the same answers by a test.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { PassengerField } from '../domain/checkout/fields.ts';
import { removeLuggageRow } from '../domain/checkout/addons.ts';
import { bookingFormErrors } from '../domain/checkout/formRules.ts';
import type { Addons } from '../domain/checkout/validation.ts';
import { checkoutPath } from '../domain/checkout/steps.ts';

export type Passenger = Partial<Record<PassengerField, string>>;

export interface CheckoutForm {
  email: string;
  phone: string;
  passengers: Passenger[];
  addons: Addons;
}

export interface Money {
  value: number;
  fxcode: string;
}

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'price_changed'; oldTotal: Money; newTotal: Money }
  | { kind: 'error'; message: string };

const MAX_SAVED = 10;

export const $savedPassengers = persistentAtom<Passenger[]>('saved_passengers', [], {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      const value: unknown = JSON.parse(raw);
      return Array.isArray(value) ? (value as Passenger[]) : [];
    } catch {
      return [];
    }
  },
});

export const $form = atom<CheckoutForm>({ email: '', phone: '', passengers: [], addons: { insurance: null, luggage: [], pickup: null } });
export const $errors = atom<Record<string, string[]>>({});
export const $submit = atom<SubmitState>({ kind: 'idle' });
export const $total = atom<Money | null>(null);

export function initForm(people: number, luggageOption: string): void {
  $form.set({
    email: '',
    phone: '',
    passengers: Array.from({ length: people }, () => ({})),
    addons: { insurance: null, luggage: [{ option: luggageOption, quantity: 0 }], pickup: null },
  });
  $errors.set({});
  $submit.set({ kind: 'idle' });
}

function clearError(path: string): void {
  const errors = $errors.get();
  if (errors[path]) $errors.set(Object.fromEntries(Object.entries(errors).filter(([key]) => key !== path)));
}

export function setContact(field: 'email' | 'phone', value: string): void {
  $form.set({ ...$form.get(), [field]: value });
  clearError(field);
}

export function setPassengerField(index: number, field: PassengerField, value: string): void {
  const form = $form.get();
  $form.set({ ...form, passengers: form.passengers.map((p, i) => (i === index ? { ...p, [field]: value } : p)) });
  clearError(`passengers.${String(index)}.${field}`);
}

export function fillFromSaved(index: number, saved: Passenger): void {
  const form = $form.get();
  $form.set({ ...form, passengers: form.passengers.map((p, i) => (i === index ? { ...saved } : p)) });
}

export function setAddons(addons: Partial<Addons>): void {
  const form = $form.get();
  $form.set({ ...form, addons: { ...form.addons, ...addons } });
}

export function addLuggageRow(option: string): void {
  const form = $form.get();
  setAddons({ luggage: [...form.addons.luggage, { option, quantity: 1 }] });
}

export function removeLuggage(index: number): void {
  setAddons({ luggage: removeLuggageRow($form.get().addons.luggage, index) });
}

/** Keeps the travellers of this booking for next time (newest first, no duplicates). */
export function savePassengers(passengers: readonly Passenger[]): void {
  const key = (p: Passenger) => JSON.stringify([p.full_name ?? '', p.first_name ?? '', p.last_name ?? '', p.document_number ?? '']);
  const fresh = passengers.filter((p) => Object.values(p).some((v) => v));
  const seen = new Set(fresh.map(key));
  $savedPassengers.set([...fresh, ...$savedPassengers.get().filter((p) => !seen.has(key(p)))].slice(0, MAX_SAVED));
}

/** Client-side check with the shared field rules; returns true when the form may be sent. */
export function validate(required: readonly PassengerField[], today: string, people: number): boolean {
  const errors = bookingFormErrors($form.get(), required, today, people);
  $errors.set(errors);
  return Object.keys(errors).length === 0;
}

/** The server's total for the chosen add-ons (it prices them; the client only shows it). */
export async function refreshTotal(lang: string, hash: string): Promise<void> {
  try {
    const response = await fetch(`/api/nuxt/${lang}/total/${encodeURIComponent(hash)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addons: { ...$form.get().addons, luggage: $form.get().addons.luggage.filter((l) => l.quantity > 0) } }),
    });
    if (response.ok) $total.set(((await response.json()) as { total: Money }).total);
  } catch {
    // The total is shown again after the next change; the server recomputes it on reserve anyway.
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string[]>; old_total?: Money; new_total?: Money };
}

/** Sends the form to reserve the seats; on success the browser moves to the confirmation step. */
export async function submitForm(lang: string, hash: string, remember: boolean, fallbackMessage: string): Promise<void> {
  $submit.set({ kind: 'submitting' });
  const form = $form.get();
  try {
    const response = await fetch(`/api/nuxt/${lang}/checkout/reserve/${encodeURIComponent(hash)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form: { ...form, addons: { ...form.addons, luggage: form.addons.luggage.filter((l) => l.quantity > 0) } } }),
    });
    if (response.ok) {
      if (remember) savePassengers(form.passengers);
      window.location.assign(checkoutPath(lang, hash, 2));
      return;
    }
    const body = (await response.json()) as ErrorBody;
    if (body.error?.code === 'price_changed' && body.error.old_total && body.error.new_total) {
      $submit.set({ kind: 'price_changed', oldTotal: body.error.old_total, newTotal: body.error.new_total });
      return;
    }
    if (body.error?.fields && response.status === 422) $errors.set(body.error.fields);
    $submit.set({ kind: 'error', message: body.error?.message ?? fallbackMessage });
  } catch {
    $submit.set({ kind: 'error', message: fallbackMessage });
  }
}

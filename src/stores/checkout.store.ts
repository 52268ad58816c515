/**
 * The passengers step's state (SPEC §3 saved passengers, §4 checkout steps): the form, its
 * field errors, add-ons and the server's total, and the actions the island calls. Saved
 * passengers live in localStorage (`saved_passengers_v2`) when the traveller asks for it (off by
 * default; documents and birth dates only on a second, explicit choice — see
 * src/domain/checkout/savedPassengers.ts). A held booking reopens the form filled (`initForm`'s
 * `held`), from what the server keeps with the cart.
 * Validation is the domain's plain field rules (formRules.ts, no zod in the browser); the server
 * parses the same form again with its zod schema, held to the same answers by a test.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { PassengerField } from '../domain/checkout/fields.ts';
import { removeLuggageRow } from '../domain/checkout/addons.ts';
import { bookingFormErrors } from '../domain/checkout/formRules.ts';
import type { LegChoice } from '../domain/seats/selection.ts';
import type { Addons } from '../domain/checkout/validation.ts';
import { checkoutPath } from '../domain/checkout/steps.ts';
import {
  decodeSaved,
  LEGACY_SAVED_KEY,
  mergeSaved,
  migrateLegacy,
  SAVED_KEY,
  type CheckoutForm,
  type Passenger,
} from '../domain/checkout/savedPassengers.ts';
import { apiPost } from './api.ts';
import { signalAnalytics } from './analyticsSignal.ts';

export type { CheckoutForm, Passenger };

export interface Money {
  value: number;
  fxcode: string;
}

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'price_changed'; oldTotal: Money; newTotal: Money }
  | { kind: 'error'; message: string };

export const $savedPassengers = persistentAtom<Passenger[]>(SAVED_KEY, [], {
  encode: JSON.stringify,
  decode: decodeSaved,
});

/** What an earlier version saved (documents included, unasked) is kept only without them. */
export function migrateSavedPassengers(storage: Pick<Storage, 'getItem' | 'removeItem'> = localStorage): void {
  const legacy = storage.getItem(LEGACY_SAVED_KEY);
  if (legacy === null) return;
  const kept = migrateLegacy(legacy);
  // The current list (saved with the traveller's consent) first, the stripped old entries after it.
  if (kept.length) $savedPassengers.set(mergeSaved(kept, $savedPassengers.get(), true));
  storage.removeItem(LEGACY_SAVED_KEY);
}

export const $form = atom<CheckoutForm>({ email: '', phone: '', passengers: [], addons: { insurance: null, luggage: [], pickup: null } });
export const $errors = atom<Record<string, string[]>>({});
export const $submit = atom<SubmitState>({ kind: 'idle' });
export const $total = atom<Money | null>(null);

/**
 * What the form opens with: empty for each traveller, or the held booking's details. The island
 * also renders it before initForm has run (on the server, and while hydrating), so the page is
 * served with every traveller's fields and nothing moves when the script takes over.
 */
export function openingForm(people: number, luggageOption: string, held?: CheckoutForm): CheckoutForm {
  return (
    held ?? {
      email: '',
      phone: '',
      passengers: Array.from({ length: people }, () => ({})),
      addons: { insurance: null, luggage: [{ option: luggageOption, quantity: 0 }], pickup: null },
    }
  );
}

/** An empty form, or the held booking's details when the traveller comes back to change them. */
export function initForm(people: number, luggageOption: string, held?: CheckoutForm): void {
  $form.set(openingForm(people, luggageOption, held));
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

/** Keeps the travellers of this booking for next time; documents and birth dates only if asked. */
export function savePassengers(passengers: readonly Passenger[], withDocuments: boolean): void {
  $savedPassengers.set(mergeSaved($savedPassengers.get(), passengers, withDocuments));
}

/** Client-side check with the shared field rules; returns true when the form may be sent. */
export function validate(required: readonly PassengerField[], today: string, people: number, seats?: readonly LegChoice[]): boolean {
  const errors = bookingFormErrors({ ...$form.get(), ...(seats ? { seats } : {}) }, required, today, people);
  $errors.set(errors);
  return Object.keys(errors).length === 0;
}

/** The server's total for the chosen add-ons (it prices them; the client only shows it). */
export async function refreshTotal(lang: string, hash: string): Promise<void> {
  try {
    const addons = { ...$form.get().addons, luggage: $form.get().addons.luggage.filter((l) => l.quantity > 0) };
    const answer = await apiPost(lang, 'total/{hash}', { addons }, { params: { hash } });
    if (answer.ok) $total.set(answer.data.total);
  } catch {
    // The total is shown again after the next change; the server recomputes it on reserve anyway.
  }
}

/** Sends the form to reserve the seats; on success the browser moves to the confirmation step. */
export interface Remember {
  /** "Save these passengers on this device" (off by default). */
  passengers: boolean;
  /** "Also save passport numbers and birth dates" (off by default, only with the first). */
  documents: boolean;
}

export async function submitForm(
  lang: string,
  hash: string,
  remember: Remember,
  fallbackMessage: string,
  seats?: { choice: readonly LegChoice[]; onTaken: (taken: string[]) => void },
): Promise<void> {
  $submit.set({ kind: 'submitting' });
  const form = $form.get();
  try {
    const response = await apiPost(
      lang,
      'checkout/reserve/{hash}',
      {
        form: {
          ...form,
          addons: { ...form.addons, luggage: form.addons.luggage.filter((l) => l.quantity > 0) },
          ...(seats ? { seats: seats.choice } : {}),
        },
      },
      { params: { hash } },
    );
    if (response.ok) {
      signalAnalytics('checkout_stage', { stage: 'Create and reserve booking cart' });
      if (remember.passengers) savePassengers(form.passengers, remember.documents);
      window.location.assign(checkoutPath(lang, hash, 2));
      return;
    }
    const { error } = response;
    if (error?.code === 'price_changed' && error.old_total && error.new_total) {
      signalAnalytics('checkout_stage', { stage: 'Price Changed' });
      $submit.set({ kind: 'price_changed', oldTotal: error.old_total, newTotal: error.new_total });
      return;
    }
    if (error?.code === 'seat_taken' && error.seats) seats?.onTaken(error.seats);
    if (error?.fields && response.status === 422) $errors.set(error.fields);
    $submit.set({ kind: 'error', message: error?.message ?? fallbackMessage });
  } catch {
    $submit.set({ kind: 'error', message: fallbackMessage });
  }
}

/**
 * The passengers step (SPEC §4 step 1): one fieldset per traveller with the fields the
 * operators require, filled from saved passengers if the traveller wants, the contact for the
 * tickets, and the add-ons. When the cart already holds seats (Back from "Check your booking",
 * a reload, "Change passengers", another device holding the cart) the form opens filled with
 * what the server kept (`held`). Validated here and again by the server; submitting reserves the
 * seats, and a changed fare is shown before the traveller goes on (the "Price Changed" stage).
 */
import { useStore } from '@nanostores/react';
import { Fragment, lazy, Suspense, useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useHydrated } from '../shared/useHydrated.ts';
import type { FieldSet, PassengerField } from '../../domain/checkout/fields.ts';
import { formatMoneyValue } from '../../domain/checkout/format.ts';
import { MAX_LENGTH } from '../../domain/checkout/formRules.ts';
import type { AddonOffer } from '../../domain/checkout/addonOffer.ts';
import {
  $errors,
  $form,
  $savedPassengers,
  $submit,
  $total,
  addLuggageRow,
  fillFromSaved,
  initForm,
  migrateSavedPassengers,
  openingForm,
  refreshTotal,
  removeLuggage,
  setAddons,
  setContact,
  setPassengerField,
  submitForm,
  validate,
  type CheckoutForm,
  type Passenger,
} from '../../stores/checkout.store.ts';
import { islandTranslator } from '../shared/translate.ts';
import { isCartFrozen } from '../../stores/frozenCart.ts';
import { $chosenSeats, $takenSince, initSeats, markTaken, seatChoice, toggleSeat, type SeatMapData } from '../../stores/seats.store.ts';
// Most trips have no seat map (buses, vans, ferries' deck class): the map and its placement rule
// load only for a checkout that has one, so they stay out of every other checkout's first load.
const SeatPicker = lazy(() => import('./SeatPicker.tsx'));
import { EmailSuggestions, useEmailSuggestions } from '../shared/EmailSuggestions.tsx';
import { errorKey, PHONE_EXAMPLE } from './errors.ts';
import './Checkout.css';
import type { IslandMessages } from '../../i18n/islandMessages.ts';

interface Props {
  lang: string;
  localeCode: string;
  hash: string;
  people: number;
  fields: FieldSet;
  addons: AddonOffer;
  today: string;
  messages: IslandMessages;
  /** The held booking's details, when the cart's seats are already held. */
  held?: CheckoutForm | undefined;
  /** Whether the trip asks for documents or birth dates (the second saving choice is about them). */
  asksDocuments: boolean;
  /** One map per leg whose operator assigns seats (none when seats are held already). */
  seatMaps?: SeatMapData[];
  dir?: 'ltr' | 'rtl';
}

function savedLabel(p: Passenger): string {
  return p.full_name ?? [p.first_name, p.last_name].filter(Boolean).join(' ');
}

export default function PassengersForm({
  lang,
  localeCode,
  hash,
  people,
  fields,
  addons,
  today,
  messages,
  held,
  asksDocuments,
  seatMaps = [],
  dir = 'ltr',
}: Props) {
  const t = islandTranslator(messages, localeCode);
  const storedForm = useStore($form);
  const errors = useStore($errors);
  const submit = useStore($submit);
  const total = useStore($total);
  const saved = useStore($savedPassengers);
  // Saving on this device is the traveller's choice; documents and birth dates a second one.
  const [rememberPassengers, setRememberPassengers] = useState(false);
  const [rememberDocuments, setRememberDocuments] = useState(false);
  const remember = { passengers: rememberPassengers, documents: rememberPassengers && rememberDocuments };
  // The frozen cart's note reads a cookie, which the server's render cannot show the same way.
  // (A click on the button before React runs is held and replayed by client:interaction, so
  // the form is never sent natively.)
  const hydrated = useHydrated();
  const id = useId();
  const emailSuggestionFocus = useEmailSuggestions();
  const firstLuggage = addons.luggage.options[0]?.value ?? '20kg';
  // Until initForm (below) fills the store — on the server, and while hydrating — show what it
  // will be filled with: the travellers' fields are in the served page and do not push the rest
  // down when the island runs (a layout shift of 0.034 on a phone before).
  const form = storedForm.passengers.length > 0 ? storedForm : openingForm(people, firstLuggage, held);

  const chosenSeats = useStore($chosenSeats);
  const takenSince = useStore($takenSince);

  useEffect(() => {
    migrateSavedPassengers();
  }, []);
  useEffect(() => {
    // Places for everyone together, preselected; the traveller may change any of them.
    if (seatMaps.length === 0) return;
    let current = true;
    void import('../../domain/seats/together.ts').then(({ seatsTogether }) => {
      if (current) initSeats(Object.fromEntries(seatMaps.map((m) => [m.leg, seatsTogether(m.decks, new Set(m.taken), people)])));
    });
    return () => {
      current = false;
    };
  }, [seatMaps, people]);
  useEffect(() => {
    initForm(people, firstLuggage, held);
    void refreshTotal(lang, hash);
  }, [people, firstLuggage, lang, hash, held]);

  const addonsKey = JSON.stringify(form.addons);
  useEffect(() => {
    const timer = setTimeout(() => void refreshTotal(lang, hash), 250);
    return () => {
      clearTimeout(timer);
    };
  }, [addonsKey, lang, hash]);

  const money = (m: { value: number; fxcode: string }) => formatMoneyValue(m, localeCode);
  const fieldErrors = (path: string) => errors[path] ?? [];
  const describedBy = (path: string) => (fieldErrors(path).length ? `${id}-${path}-error` : undefined);

  function ErrorText({ path }: { path: string }) {
    const list = fieldErrors(path);
    if (!list.length) return null;
    return (
      <p className="field__error" id={`${id}-${path}-error`}>
        {list.map((code, i) => {
          // The example is a slot filled with an isolated element, not with text.
          const [before = '', after] = t(errorKey(code), { example: '\u0000' }).split('\u0000');
          return (
            <Fragment key={code}>
              {i > 0 && ' '}
              {before}
              {after !== undefined && <bdi dir="ltr">{PHONE_EXAMPLE}</bdi>}
              {after}
            </Fragment>
          );
        })}
      </p>
    );
  }

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    if (!validate(fields.required, today, people, seatChoice(seatMaps))) {
      // Move focus to the first field the traveller must fix.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void submitForm(lang, hash, remember, t('checkout.submitFailed'), seatsToSend());
  }

  /** The seat choice for the reserve call, and what to do when a place was taken meanwhile. */
  function seatsToSend() {
    const choice = seatChoice(seatMaps);
    return (
      choice && {
        choice,
        onTaken: (taken: string[]) => {
          markTaken(taken, seatMaps);
        },
      }
    );
  }

  function input(index: number, field: PassengerField) {
    const path = `passengers.${String(index)}.${field}`;
    const inputId = `${id}-${path}`;
    const value = form.passengers[index]?.[field] ?? '';
    const required = fields.required.includes(field);
    const common = {
      id: inputId,
      name: path,
      value,
      required,
      'aria-invalid': fieldErrors(path).length > 0,
      'aria-describedby': describedBy(path),
    };
    let control;
    if (field === 'gender') {
      control = (
        <select
          {...common}
          onChange={(e) => {
            setPassengerField(index, field, e.target.value);
          }}
        >
          <option value="">{t('checkout.choose')}</option>
          <option value="F">{t('checkout.genderF')}</option>
          <option value="M">{t('checkout.genderM')}</option>
          <option value="X">{t('checkout.genderX')}</option>
        </select>
      );
    } else if (field === 'birth_date' || field === 'document_expiry') {
      control = (
        <input
          {...common}
          type="date"
          {...(field === 'birth_date' ? { max: today } : { min: today })}
          onChange={(e) => {
            setPassengerField(index, field, e.target.value);
          }}
        />
      );
    } else {
      control = (
        <input
          {...common}
          type="text"
          maxLength={MAX_LENGTH[field]}
          autoComplete={
            field === 'full_name' ? 'name' : field === 'first_name' ? 'given-name' : field === 'last_name' ? 'family-name' : 'off'
          }
          {...(field === 'nationality' ? { 'aria-description': t('checkout.nationalityHint'), placeholder: 'TH' } : {})}
          onChange={(e) => {
            setPassengerField(index, field, field === 'nationality' ? e.target.value.toUpperCase() : e.target.value);
          }}
        />
      );
    }
    return (
      <div className="field" key={field}>
        <label htmlFor={inputId}>
          {t(`checkout.field.${field}`)}
          {!required && <span className="field__optional"> ({t('checkout.optional')})</span>}
        </label>
        {control}
        <ErrorText path={path} />
      </div>
    );
  }

  return (
    <form className="checkout-form" onSubmit={onSubmit} noValidate>
      {form.passengers.map((_, index) => (
        <fieldset className="card checkout-form__passenger" key={index}>
          <legend>{t('checkout.passengerN', { n: index + 1 })}</legend>
          {saved.length > 0 && (
            <div className="field">
              <label htmlFor={`${id}-saved-${String(index)}`}>{t('checkout.fillFromSaved')}</label>
              <select
                id={`${id}-saved-${String(index)}`}
                value=""
                onChange={(e) => {
                  const chosen = saved[Number(e.target.value)];
                  if (chosen) fillFromSaved(index, chosen);
                }}
              >
                <option value="">{t('checkout.choose')}</option>
                {saved.map((p, i) => (
                  <option key={i} value={i}>
                    {savedLabel(p)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="checkout-form__grid">{fields.shown.map((field) => input(index, field))}</div>
        </fieldset>
      ))}

      {seatMaps.map((map, i) => (
        <Suspense key={map.leg} fallback={null}>
          <SeatPicker
            map={map}
            chosen={chosenSeats[map.leg] ?? []}
            taken={new Set([...map.taken, ...(takenSince[map.leg] ?? [])])}
            people={people}
            dir={dir}
            t={t}
            errors={fieldErrors(`seats.${String(i)}`)}
            errorId={`${id}-seats-${String(i)}-error`}
            onToggle={(code) => {
              toggleSeat(map.leg, code, people);
            }}
          />
        </Suspense>
      ))}

      <fieldset className="card">
        <legend>{t('checkout.contact')}</legend>
        <div className="checkout-form__grid">
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('checkout.email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              dir="ltr"
              autoComplete="email"
              required
              maxLength={MAX_LENGTH.email}
              value={form.email}
              aria-invalid={fieldErrors('email').length > 0}
              aria-describedby={describedBy('email')}
              onChange={(e) => {
                setContact('email', e.target.value);
              }}
              onFocus={emailSuggestionFocus.onFocus}
              onBlur={emailSuggestionFocus.onBlur}
            />
            <EmailSuggestions
              id={`${id}-email-suggestions`}
              value={form.email}
              label={t('support.emailSuggest.label')}
              focus={emailSuggestionFocus}
              onPick={(address) => {
                setContact('email', address);
                document.getElementById(`${id}-email`)?.focus();
              }}
            />
            <ErrorText path="email" />
          </div>
          <div className="field">
            <label htmlFor={`${id}-phone`}>{t('checkout.phone')}</label>
            <input
              id={`${id}-phone`}
              type="tel"
              dir="ltr"
              autoComplete="tel"
              required
              maxLength={MAX_LENGTH.phone}
              value={form.phone}
              aria-invalid={fieldErrors('phone').length > 0}
              aria-describedby={describedBy('phone')}
              onChange={(e) => {
                setContact('phone', e.target.value);
              }}
            />
            <ErrorText path="phone" />
          </div>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={rememberPassengers}
            onChange={(e) => {
              setRememberPassengers(e.target.checked);
            }}
          />{' '}
          {t('checkout.rememberPassengers')}
        </label>
        {rememberPassengers && asksDocuments && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={rememberDocuments}
              onChange={(e) => {
                setRememberDocuments(e.target.checked);
              }}
            />{' '}
            {t('checkout.rememberDocuments')}
          </label>
        )}
      </fieldset>

      <fieldset className="card">
        <legend>{t('checkout.insurance')}</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="insurance"
            checked={form.addons.insurance === null}
            onChange={() => {
              setAddons({ insurance: null });
            }}
          />{' '}
          {t('checkout.noInsurance')}
        </label>
        {addons.insurance.map((o) => (
          <label className="checkbox" key={o.value}>
            <input
              type="radio"
              name="insurance"
              checked={form.addons.insurance === o.value}
              onChange={() => {
                setAddons({ insurance: o.value });
              }}
            />{' '}
            {o.text} — {o.data.label} ({money(o.price)})
          </label>
        ))}
      </fieldset>

      <fieldset className="card">
        <legend>{t('checkout.luggage')}</legend>
        {form.addons.luggage.map((row, i) => (
          <div className="checkout-form__row" key={i}>
            <div className="field">
              <label htmlFor={`${id}-luggage-${String(i)}`}>{t('checkout.luggageType', { n: i + 1 })}</label>
              <select
                id={`${id}-luggage-${String(i)}`}
                value={row.option}
                onChange={(e) => {
                  setAddons({ luggage: form.addons.luggage.map((r, j) => (j === i ? { ...r, option: e.target.value } : r)) });
                }}
              >
                {addons.luggage.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label} ({money(o.price)})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-luggage-qty-${String(i)}`}>{t('checkout.quantity')}</label>
              <input
                id={`${id}-luggage-qty-${String(i)}`}
                type="number"
                min={0}
                max={addons.luggage.max}
                value={row.quantity}
                aria-invalid={fieldErrors(`addons.luggage.${String(i)}.quantity`).length > 0}
                onChange={(e) => {
                  const quantity = Math.max(0, Math.min(addons.luggage.max, Math.trunc(Number(e.target.value) || 0)));
                  setAddons({ luggage: form.addons.luggage.map((r, j) => (j === i ? { ...r, quantity } : r)) });
                }}
              />
            </div>
            {form.addons.luggage.length > 1 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  removeLuggage(i);
                }}
              >
                {t('checkout.remove')}
              </button>
            )}
          </div>
        ))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            addLuggageRow(firstLuggage);
          }}
        >
          {t('checkout.addLuggage')}
        </button>
      </fieldset>

      {addons.pickup.length > 0 && (
        <fieldset className="card">
          <legend>{t('checkout.pickup')}</legend>
          <label className="checkbox">
            <input
              type="radio"
              name="pickup"
              checked={form.addons.pickup === null}
              onChange={() => {
                setAddons({ pickup: null });
              }}
            />{' '}
            {t('checkout.noPickup')}
          </label>
          {addons.pickup.map((o) => (
            <label className="checkbox" key={o.value}>
              <input
                type="radio"
                name="pickup"
                checked={form.addons.pickup === o.value}
                onChange={() => {
                  setAddons({ pickup: o.value });
                }}
              />{' '}
              {t('checkout.pickupOption', { time: o.arrival_datetime.slice(11), station: o.arrival_station_name })} ({money(o.price)})
            </label>
          ))}
        </fieldset>
      )}

      {/* Always there, one line high: the total arrives after the page, and the button below
          must not move when it does (and a live region is heard only if it was already there). */}
      <p className="checkout-form__total" aria-live="polite">
        {total && (
          <>
            {t('checkout.total')}: <strong>{money(total)}</strong>
          </>
        )}
      </p>
      {/* A frozen cart's total is final: the fares moving meanwhile change nothing (the cookie is read after hydration). */}
      {hydrated && isCartFrozen(hash) && <p className="checkout-form__frozen">{t('checkout.frozen')}</p>}

      {submit.kind === 'price_changed' && (
        <div className="notice notice--warn" role="alert">
          <p>{t('checkout.priceChanged', { old: money(submit.oldTotal), new: money(submit.newTotal) })}</p>
          <p>{t('checkout.priceMoved.why')}</p>
          <button
            type="button"
            className="button"
            onClick={() => void submitForm(lang, hash, remember, t('checkout.submitFailed'), seatsToSend())}
          >
            {t('checkout.acceptNewPrice')}
          </button>
        </div>
      )}
      {submit.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {submit.message}
        </p>
      )}
      {Object.keys(errors).length > 0 && submit.kind !== 'error' && (
        <p className="notice notice--error" role="alert">
          {t('checkout.fixErrors')}
        </p>
      )}

      <p className="checkout-form__actions">
        <button type="submit" className="button" disabled={submit.kind === 'submitting'}>
          {submit.kind === 'submitting' ? t('checkout.reserving') : t('checkout.continueToConfirmation')}
        </button>
      </p>
    </form>
  );
}

/**
 * The operations the islands and stores call, typed once (issue 19 item 3): for each path under
 * `/api/nuxt/{lang}/`, its method, path parameters, query, body and success answer. Stores call
 * the API through `src/stores/api.ts`, which takes these names, so no store builds an API address
 * by hand or casts an answer.
 *
 * The answers are the domain's own types, the ones the handlers build their answers from. The
 * contract (src/server/api/openapi.ts) documents the same operations with zod schemas;
 * `src/server/api/clientOperations.test.ts` fails when a name here is not an operation there with
 * an answer schema, and `src/server/api/clientOperations.check.ts` fails the type check when a
 * schema's answer and the type here disagree on a field both name.
 *
 * A path with more than one writing method names the others with the method in front
 * (`DELETE user/profile`); the bare path is its POST.
 *
 * Types only, apart from the small address builder: importing this costs an island no bytes.
 */
import type { Role } from '../accountMenu.ts';
import type { PaymentResult } from '../payment/paymentView.ts';
import type { Money } from '../search/money.ts';
import type { Fact } from '../search/facts.ts';
import type { Trip } from '../search/trips.ts';
import type { TypeaheadAnswer } from '../search/typeahead.ts';
import type { TripsPass } from '../results/passes.ts';
import type { RecheckedTrip } from '../results/summary.ts';

/** The query every trips call takes (SPEC §7 search parameters), as the results page sends it. */
export interface TripsQuery {
  fromId: string;
  toId: string;
  date: string;
  people: string;
  vehclasses?: string;
  currency: string;
  /** `1`: priced as a leg of a round trip (the round-trip discount). */
  roundTrip?: '1';
}

/** SPEC §3 trips data: the part of trips/search the results page reads. */
export interface TripsSearchAnswer {
  trips: Trip[];
  tripsRecheck: string[];
  recheckToken: string;
  provinceName: string | null;
  currency: string;
  passes: TripsPass[];
}

/** The account an account call signs in (SPEC §3 user). */
export interface SignedInUser {
  id: number;
  role: Role;
  email: string | null;
  isTemp: boolean;
}

/** What a sign-in step answers: the account, a two-factor step to finish, or a link sent. */
export interface SignInAnswer {
  user?: SignedInUser;
  token?: string;
  sent?: boolean;
}

/** A saved passenger (SPEC §3 user passengers), as user/profile answers them. */
export interface SavedPassenger {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  full_name: string;
}

/** The changes POST user/profile takes, by `action` (src/server/accounts/http.ts profileBody). */
export type ProfileChange =
  | { action: 'details'; name: string; phone: string }
  | { action: 'password'; currentPassword?: string; newPassword: string }
  | { action: 'email'; password?: string; email: string }
  | { action: 'addPassenger'; firstName: string; middleName?: string; lastName: string }
  | { action: 'removePassenger'; id: number };

export interface ClientOperations {
  'trips/search': { method: 'get'; query: TripsQuery; answer: TripsSearchAnswer };
  'trips/next-dates': { method: 'get'; query: TripsQuery; answer: { dates: { date: string; title: string }[] } };
  'trips/facts-on-dates': { method: 'get'; query: Omit<TripsQuery, 'vehclasses' | 'roundTrip'>; answer: { facts: Fact[] } };
  'trips/recheck': { method: 'get'; query: { connector: string; token: string }; answer: { trips: RecheckedTrip[] } };
  'common-data': {
    method: 'get';
    query: Record<string, never>;
    answer: { operators: { id: number; name: string }[]; stations: { id: number; name: string }[] };
  };
  'typeahead/prefetch': { method: 'get'; query: { fromId?: string }; answer: TypeaheadAnswer };
  'typeahead/fetch': { method: 'get'; query: { query: string }; answer: TypeaheadAnswer };
  'total/{hash}': { method: 'post'; params: { hash: string }; body: { addons: unknown }; answer: { total: Money } };
  'checkout/reserve/{hash}': {
    method: 'post';
    params: { hash: string };
    body: { form: unknown };
    answer: { booking: { id: string; reference: string; total: Money; hold_expires_at: string }; pay_url: string };
    /** price_changed carries both totals; seat_taken the places taken meanwhile (src/server/api/catalogue.ts). */
    errorFields: { old_total?: Money; new_total?: Money; seats?: string[] };
  };
  'pay/place-order': {
    method: 'post';
    body: { booking_id: string; paygate: string };
    answer: {
      payment_id: number;
      booking_id: string;
      paygate: string;
      redirect_url: string | null;
      reference: string | null;
      expires_at: string | null;
    };
  };
  'pay/payment-result': { method: 'get'; query: { booking: string }; answer: PaymentResult };
  /** Sign in with e-mail and password (and the second factor's code when asked). */
  user: { method: 'post'; body: Record<string, string>; answer: SignInAnswer };
  register: { method: 'post'; body: Record<string, string>; answer: SignInAnswer };
  'reset-password': { method: 'post'; body: Record<string, string>; answer: SignInAnswer };
  'login-with-email': { method: 'post'; body: { email: string; ref?: string }; answer: SignInAnswer };
  'login-with-google': { method: 'post'; body: { credential: string }; answer: SignInAnswer };
  'user/otpt': { method: 'post'; body: { token: string }; answer: SignInAnswer };
  logout: { method: 'get'; query: Record<string, never>; answer: unknown };
  'user/profile': { method: 'post'; body: ProfileChange; answer: { ok: true } | { sent: true } | { passengers: SavedPassenger[] } };
  'DELETE user/profile': { method: 'delete'; body: { password?: string }; answer: { ok: true } };
  'user/two-factor': {
    method: 'post';
    body: { action: 'start' } | { action: 'confirm'; code: string };
    answer: { secret: string; uri: string; qrSvg: string } | { recoveryCodes: string[] };
  };
  'DELETE user/two-factor': { method: 'delete'; body: { code: string }; answer: { ok: true } };
}

export type OperationName = keyof ClientOperations;

/** The same operations at run time with their methods (every one, by the type), for the test that holds them to the contract. */
export const CLIENT_OPERATIONS = {
  'trips/search': 'get',
  'trips/next-dates': 'get',
  'trips/facts-on-dates': 'get',
  'trips/recheck': 'get',
  'common-data': 'get',
  'typeahead/prefetch': 'get',
  'typeahead/fetch': 'get',
  'total/{hash}': 'post',
  'checkout/reserve/{hash}': 'post',
  'pay/place-order': 'post',
  'pay/payment-result': 'get',
  user: 'post',
  register: 'post',
  'reset-password': 'post',
  'login-with-email': 'post',
  'login-with-google': 'post',
  'user/otpt': 'post',
  logout: 'get',
  'user/profile': 'post',
  'DELETE user/profile': 'delete',
  'user/two-factor': 'post',
  'DELETE user/two-factor': 'delete',
} as const satisfies { [K in OperationName]: ClientOperations[K]['method'] };
export type GetOperation = { [K in OperationName]: ClientOperations[K]['method'] extends 'get' ? K : never }[OperationName];
export type PostOperation = Exclude<OperationName, GetOperation>;
export type AnswerOf<K extends OperationName> = ClientOperations[K]['answer'];
export type QueryOf<K extends GetOperation> = ClientOperations[K] extends { query: infer Q } ? Q : never;
export type ParamsOf<K extends OperationName> = ClientOperations[K] extends { params: infer P } ? P : Record<string, never>;
export type BodyOf<K extends PostOperation> = ClientOperations[K] extends { body: infer B } ? B : never;
/** The error envelope of an operation, with the extra fields its codes may carry. */
export type ErrorOf<K extends OperationName> = ApiErrorBody & (ClientOperations[K] extends { errorFields: infer E } ? E : unknown);

/** What every failed call answers (src/server/api/errors.ts): a stable code, a translated message, the failing fields, and the extra fields its code carries. */
export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string[]>;
}

/** The method a writing operation is sent with: the one its name starts with, else POST. */
export const writeMethodOf = (name: OperationName): 'POST' | 'DELETE' => (name.startsWith('DELETE ') ? 'DELETE' : 'POST');

/** The path of an operation under `/api/nuxt/{lang}/`: its name without a method in front. */
export const operationPath = (name: OperationName): string => name.replace(/^[A-Z]+ /, '');

/**
 * The address of an operation: `/api/nuxt/{lang}/{path}` with its `{param}`s filled in and the
 * query's defined values appended (in the order given, so identical calls share one address and
 * one answer in `sharedGet`).
 */
export function operationUrl(
  lang: string,
  name: OperationName,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const path = operationPath(name).replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`${name}: no value for {${key}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return `/api/nuxt/${encodeURIComponent(lang)}/${path}${text ? `?${text}` : ''}`;
}

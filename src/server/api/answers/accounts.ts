/** Success answers of the account calls (server/accounts/http.ts). */
import { z } from 'zod';
import type { UserBooking } from '../../accounts/bookings.ts';
import type { Passenger } from '../../accounts/profile.ts';
import type { Enrolment } from '../../accounts/twoFactor.ts';
import type { UserDto } from '../../accounts/users.ts';
import { userRole } from '../../db/schema.ts';
import { describes, instant, moneySchema } from './common.ts';

export const userSchema = describes<UserDto>()(
  z.object({
    id: z.number().int(),
    ip: z.string().nullable(),
    email: z.string().nullable(),
    name: z.string(),
    isStaff: z.boolean(),
    isAdmin: z.boolean(),
    role: z.enum(userRole.enumValues),
    isTemp: z.boolean().meta({ description: 'Signed in by a link only: an account page asks for the password first.' }),
    countryId: z.string().nullable(),
    balance: moneySchema,
    twoFactor: z.boolean(),
  }),
);

/** A password, Google, link or second-factor sign-in: the user with the session cookies, or the token the second factor completes. */
const signedIn = z.union([
  z.object({ user: userSchema }),
  z.object({ token: z.string().meta({ description: 'Post it back with the authenticator code to `user`.' }) }),
]);

const passenger = describes<Passenger>()(
  z.object({
    id: z.number().int(),
    first_name: z.string(),
    middle_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
  }),
);

const userBooking = describes<UserBooking>()(
  z.object({
    id: z.uuid(),
    reference: z.string(),
    status: z.string(),
    total: moneySchema,
    people: z.number().int().positive(),
    createdAt: instant,
    itinerary: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        operator: z.string(),
        departureAt: instant,
        arrivalAt: instant,
        departureTimeZone: z.string(),
      }),
    ),
    products: z.array(
      z.object({
        title: z.string(),
        details: z.array(z.string()),
        validFrom: z.iso.date(),
        validUntil: z.iso.date().nullable(),
        holders: z.array(z.string()).optional(),
      }),
    ),
    tickets: z
      .object({ page: z.string(), pdf: z.string(), ics: z.string(), cancel: z.string() })
      .nullable()
      .meta({ description: 'Signed links, once paid.' }),
    part: z
      .object({ trip: z.uuid(), number: z.number().int().positive(), of: z.number().int().min(2), collector: z.string().nullable() })
      .nullable()
      .meta({
        description:
          'Of a trip paid in parts: the trip (its first part’s id), this part’s number of how many, and the operator collecting it (null: the shop).',
      }),
  }),
);

const searchPlace = z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable();

export const ACCOUNT_ANSWERS = {
  signedIn,
  /** reset-password: a link asked for (`sent`), or the new password set and the user signed in. */
  reset: z.union([z.object({ sent: z.literal(true) }), signedIn]),
  userData: z.object({
    user: userSchema.nullable(),
    searchForm: z.object({ from: searchPlace, to: searchPlace }).meta({ description: "The last search's places (cookies)." }),
    fxcode: z.string().regex(/^[A-Z]{3}$/),
    agent: z.object({ operator: z.object({ id: z.number().int(), logo: z.string(), name: z.string() }) }).nullable(),
  }),
  profile: z.object({
    profile: z.object({
      email: z.string().nullable(),
      name: z.string(),
      phone: z.string(),
      hasPassword: z.boolean(),
      twoFactor: z.boolean(),
    }),
    passengers: z.array(passenger),
  }),
  profileChanged: z.union([
    z.object({ ok: z.literal(true) }),
    z.object({ sent: z.literal(true) }),
    z.object({ passengers: z.array(passenger) }),
  ]),
  twoFactor: z.union([
    describes<Enrolment>()(z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() })),
    z.object({ recoveryCodes: z.array(z.string()) }),
  ]),
  bookings: z.object({ bookings: z.array(userBooking) }),
  reviewable: z.object({ trips: z.array(userBooking) }),
} as const;

export type UserAnswer = z.output<typeof userSchema>;
export type SignedInAnswer = z.output<typeof signedIn>;
export type UserDataAnswer = z.output<typeof ACCOUNT_ANSWERS.userData>;
export type ProfileAnswer = z.output<typeof ACCOUNT_ANSWERS.profile>;
export type UserBookingsAnswer = z.output<typeof ACCOUNT_ANSWERS.bookings>;

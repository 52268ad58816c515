/**
 * Who may see or change a booking (issue 16 item 1). A cart hash is shared freely while the cart
 * is only a quote, but once the cart has a booking the hash stops being a key: reading or
 * changing the booking needs
 *  - the browser session that made the cart: the HttpOnly `cart_session` cookie, whose SHA-256
 *    the cart keeps in `cart_sessions` (a browser that resumed the booking through a signed link
 *    is added there too), or
 *  - the signed-in owner: the account the booking was made under, or the account whose verified
 *    email the guest booking carries (as `/profile` lists it).
 * Everybody else is answered as if the booking did not exist (404), so no answer is an oracle.
 * Signed ticket links (src/server/tickets/links.ts) are the third proof, checked where used.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { parseCookies, sessionTokenFrom } from '../accounts/cookies.ts';
import { findSession } from '../accounts/sessions.ts';
import { parseServerEnv } from '../config.ts';
import type { Db } from '../db/client.ts';
import { bookings, carts, cartSessions } from '../db/schema.ts';
import { getBooking, type BookingRow } from './bookings.ts';
import { cookieMaxAge } from '../../domain/cookieTable.ts';

/** Long enough to pay a held booking or come back to a paid one's success page later on. */
export const CART_SESSION_MAX_AGE_S = cookieMaxAge('cart_session');
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function secureCookies(): boolean {
  return parseServerEnv().SITE_URL.startsWith('https:');
}

export function cartSessionCookieName(secure = secureCookies()): string {
  // `__Host-` over https: pinned to this host and path /, no subdomain can plant one.
  return secure ? '__Host-cart_session' : 'cart_session';
}

/** The browser's cart session key from its cookie, when it has a well-formed one. */
export function cartSessionKey(request: Request): string | undefined {
  const key = parseCookies(request.headers.get('cookie')).get(cartSessionCookieName());
  return key && KEY_PATTERN.test(key) ? key : undefined;
}

export function newCartSessionKey(): string {
  return randomBytes(32).toString('base64url');
}

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Options for Astro.cookies.set (pages) — HttpOnly, Lax, Secure on https. */
export function cartSessionCookieOptions() {
  return { path: '/', maxAge: CART_SESSION_MAX_AGE_S, sameSite: 'lax' as const, httpOnly: true, secure: secureCookies() };
}

/** The `checkout_hash` cookie (which cart the browser is on): HttpOnly too, scripts never read it. */
export function checkoutHashCookieOptions() {
  return { path: '/', maxAge: cookieMaxAge('checkout_hash'), sameSite: 'lax' as const, httpOnly: true, secure: secureCookies() };
}

/** The `frozen_cart` cookie (SPEC §3): scripts read it, so it is not HttpOnly (src/stores/frozenCart.ts). */
export function frozenCartCookieOptions() {
  return { path: '/', maxAge: cookieMaxAge('frozen_cart'), sameSite: 'lax' as const, httpOnly: false, secure: secureCookies() };
}

/** Lets the browser holding `key` act on the cart (the browser that made it, or one that resumed it). */
export async function bindCartSession(db: Db, cartId: number, key: string): Promise<void> {
  await db
    .insert(cartSessions)
    .values({ cartId, keyHash: keyHash(key) })
    .onConflictDoNothing();
}

/** The same for a cart known by its hash (right after it was created). */
export async function bindCartSessionByHash(db: Db, hash: string, key: string): Promise<void> {
  await db.execute(
    sql`insert into ${cartSessions} (cart_id, key_hash) select id, ${keyHash(key)} from ${carts} where hash = ${hash} on conflict do nothing`,
  );
}

async function hasCartSession(db: Db, request: Request, cartId: number): Promise<boolean> {
  const key = cartSessionKey(request);
  if (!key) return false;
  const [row] = await db
    .select({ cartId: cartSessions.cartId })
    .from(cartSessions)
    .where(and(eq(cartSessions.cartId, cartId), eq(cartSessions.keyHash, keyHash(key))))
    .limit(1);
  return row !== undefined;
}

/** The fully signed-in user behind the request (a ticket-link session owns no bookings). */
async function signedInUser(db: Db, request: Request, now: Date) {
  const session = await findSession({ db, now: () => now }, sessionTokenFrom(request, { secureCookies: secureCookies() }));
  return session && !session.isTemp ? session.user : null;
}

function ownedBy(user: { id: number; email: string | null; emailVerifiedAt: Date | null }) {
  return user.email && user.emailVerifiedAt
    ? sql`(${bookings.userId} = ${user.id} or (${bookings.userId} is null and lower(${bookings.email}) = ${user.email}))`
    : eq(bookings.userId, user.id);
}

/** True when the request may act on the cart's booking: its cart session or its signed-in owner. */
export async function ownsCart(db: Db, request: Request, cartId: number, now: Date): Promise<boolean> {
  if (await hasCartSession(db, request, cartId)) return true;
  const user = await signedInUser(db, request, now);
  if (!user) return false;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.cartId, cartId), ownedBy(user)))
    .limit(1);
  return row !== undefined;
}

/** A cart without a booking is a quote anyone with the hash may read; with one, only its owner. */
export async function cartOpenTo(db: Db, request: Request, cartId: number, now: Date): Promise<boolean> {
  const [booked] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.cartId, cartId)).limit(1);
  return booked === undefined || ownsCart(db, request, cartId, now);
}

/** The same test for one booking. */
export function ownsBooking(db: Db, request: Request, booking: Pick<BookingRow, 'cartId'>, now: Date): Promise<boolean> {
  return ownsCart(db, request, booking.cartId, now);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The booking behind a public id when the request may see it (pages); undefined for a stranger or a bad id. */
export async function ownedBookingByPublicId(db: Db, request: Request, publicId: string, now: Date): Promise<BookingRow | undefined> {
  if (!UUID.test(publicId)) return undefined;
  const id = await bookingIdByPublicId(db, publicId);
  const booking = id === undefined ? undefined : await getBooking(db, id, now);
  return booking && (await ownsBooking(db, request, booking, now)) ? booking : undefined;
}

/** The booking behind a public id (uuid), or undefined for anything else. */
export async function bookingIdByPublicId(db: Db, publicId: string): Promise<number | undefined> {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.publicId, publicId)).limit(1);
  return row?.id;
}

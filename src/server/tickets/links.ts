/**
 * Signed ticket links (temporary authentication, SPEC §2 /{lang}/ticket): the link in the
 * confirmation mail carries the booking id, an expiry and an HMAC, so it opens that booking's
 * tickets without an account and nothing else. The QR code on the ticket carries the booking
 * reference signed the same way, so staff can tell a real ticket from a typed-up one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseTicketEnv } from './config.ts';

const LINK_DAYS = 60;

function mac(payload: string): string {
  return createHmac('sha256', parseTicketEnv().TICKET_LINK_SECRET).update(payload).digest('base64url').slice(0, 32);
}

/** How long the link the booking lookup answers with stays valid (it is shown, not mailed). */
export const SHORT_LINK_SECONDS = 30 * 60;

export function ticketToken(bookingId: number, nowMs: number, validSeconds = LINK_DAYS * 86_400): string {
  const exp = Math.floor(nowMs / 1000) + validSeconds;
  return `${String(exp)}.${mac(`ticket:${String(bookingId)}:${String(exp)}`)}`;
}

export function verifyTicketToken(bookingId: number, token: string, nowMs: number): boolean {
  const [exp, signature] = token.split('.');
  if (!exp || !signature || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < nowMs) return false;
  const expected = Buffer.from(mac(`ticket:${String(bookingId)}:${exp}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function ticketLinks(lang: string, bookingId: number, nowMs: number, validSeconds?: number) {
  const query = `b=${String(bookingId)}&t=${ticketToken(bookingId, nowMs, validSeconds)}`;
  return {
    page: `/${lang}/ticket?${query}`,
    pdf: `/api/nuxt/${lang}/ticket/pdf?${query}`,
    ics: `/api/nuxt/${lang}/ticket/ics?${query}`,
    receipt: `/api/nuxt/${lang}/ticket/extended-receipt?${query}`,
  };
}

/**
 * A short-lived link that lets the browser opening it continue a held booking (the booking
 * lookup's answer): `{publicId}.{exp}.{mac}`, redeemed by /{lang}/checkout?resume=.
 */
export function resumeToken(publicId: string, nowMs: number): string {
  const exp = String(Math.floor(nowMs / 1000) + SHORT_LINK_SECONDS);
  return `${publicId}.${exp}.${mac(`resume:${publicId}:${exp}`)}`;
}

/** The booking's public id when the resume token is genuine and unexpired. */
export function verifyResumeToken(token: string, nowMs: number): string | undefined {
  const [publicId, exp, signature] = token.split('.');
  if (!publicId || !exp || !signature || !/^[0-9a-f-]{36}$/.test(publicId) || !/^\d{1,12}$/.test(exp)) return undefined;
  if (Number(exp) * 1000 < nowMs) return undefined;
  const expected = Buffer.from(mac(`resume:${publicId}:${exp}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? publicId : undefined;
}

/** What the QR code encodes: "ROAMLY:<reference>:<signature>". */
export function signedReference(reference: string): string {
  return `ROAMLY:${reference}:${mac(`qr:${reference}`).slice(0, 16)}`;
}

/**
 * Temporary authentication (SPEC §4 level 1) for the ticket page: a guest who booked without an
 * account opens /{lang}/ticket through the signed link of their mail or success page.
 */
export function hasValidTicketLink(url: URL, nowMs: number): boolean {
  const id = Number(url.searchParams.get('b'));
  return Number.isInteger(id) && id > 0 && verifyTicketToken(id, url.searchParams.get('t') ?? '', nowMs);
}

/** Booking steps the browser tests share: a real search result's booking link, and the outbox. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';

interface SearchBody {
  trips: { segments: unknown[]; travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[] }[];
}

/** A bookable direct trip Bangkok → Chiang Mai of one kind of vehicle, `offsetDays` ahead. */
export async function directBookingUri(request: APIRequestContext, offsetDays: number, vehclass: string, people: number): Promise<string> {
  const date = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(
    `/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=${String(people)}&vehclasses=${vehclass}&currency=THB`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as SearchBody;
  const option = body.trips
    .filter((t) => t.segments.length === 1)
    .flatMap((t) => t.travel_options)
    .find((o) => o.bookable === 1 && o.seats_left >= people);
  if (!option) throw new Error(`no bookable ${vehclass} on ${date}`);
  return option.booking_uri;
}

/** The key (as staff paste it into /{lang}/op/tripinfo) of the first trip Bangkok → Chiang Mai `offsetDays` ahead. */
export async function firstTripKey(request: APIRequestContext, offsetDays: number): Promise<string> {
  const date = new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(`/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1&currency=THB`);
  expect(response.ok()).toBe(true);
  const key = ((await response.json()) as { trips: { key: string }[] }).trips[0]?.key;
  if (!key) throw new Error(`no trip on ${date}`);
  return key;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const OUTBOX = join(ROOT, process.env.MAIL_OUTBOX_DIR || '.data/outbox');

/** Every mail in the outbox addressed to `to`, as raw .eml text. */
export async function mailsTo(to: string): Promise<string[]> {
  const names = (await readdir(OUTBOX).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails = await Promise.all(names.map((n) => readFile(join(OUTBOX, n), 'utf8').catch(() => '')));
  const line = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'm');
  return mails.filter((raw) => line.test(raw));
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

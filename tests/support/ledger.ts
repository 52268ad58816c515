/**
 * The crash test's ledger check: what a server crash must never leave behind, read with SQL from
 * the database and from the mail outbox folder. Returns every problem found as a sentence (an
 * empty list means the ledger is sound), so a failing test says what went wrong.
 *
 * - every paid booking has its seats sold, its confirmation mail marked sent AND present in the
 *   outbox exactly once, with the e-ticket PDF attached and a ticket link that serves the PDF;
 * - no double charge: at most one succeeded payment per booking, no payment whose success was
 *   applied twice, no succeeded payment on a booking that is not paid;
 * - no seat lost or sold twice: on every departure_inventory row, seats_held is the sum of its
 *   live holds and seats_sold the sum of its sold holds.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { decodeQuotedPrintable } from './tripsAndMail.ts';

export const PAID_STATUSES = ['paid', 'pending_confirmation', 'confirmed'] as const;

export interface LedgerContext {
  db: pg.Client;
  outboxDir: string;
  /** GETs a site path (the ticket PDF link from the mail); status and content type. */
  get: (path: string) => Promise<{ status: number; contentType: string }>;
}

async function outboxMails(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  return Promise.all(names.map(async (n) => decodeQuotedPrintable(await readFile(join(dir, n), 'utf8'))));
}

async function query<T>(db: pg.Client, text: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(text, values)).rows as T[];
}

async function mailProblems(ctx: LedgerContext): Promise<string[]> {
  const problems: string[] = [];
  const paid = await query<{ id: number; reference: string; email: string | null; mailed: boolean }>(
    ctx.db,
    `select id, reference, email, confirmation_mailed_at is not null as mailed from bookings where status::text = any($1) order by id`,
    [PAID_STATUSES],
  );
  const mails = await outboxMails(ctx.outboxDir);
  for (const booking of paid) {
    if (!booking.email) continue;
    if (!booking.mailed) problems.push(`booking ${booking.reference} is paid but its confirmation mail is still owed`);
    const own = mails.filter((m) => m.includes(`To: ${booking.email}`) && m.includes(booking.reference));
    if (own.length === 0) {
      problems.push(`booking ${booking.reference} is paid but no confirmation mail is in the outbox`);
      continue;
    }
    if (own.length > 1) problems.push(`booking ${booking.reference} got ${String(own.length)} confirmation mails`);
    const mail = own[0] ?? '';
    if (!/Content-Type: application\/pdf/i.test(mail))
      problems.push(`the mail of booking ${booking.reference} has no e-ticket PDF attached`);
    const link = /\/(\w[\w-]*)\/ticket\?([^\s"<>]+)/.exec(mail);
    if (!link) {
      problems.push(`the mail of booking ${booking.reference} has no ticket link`);
      continue;
    }
    const pdf = await ctx.get(`/api/nuxt/${link[1] ?? 'en'}/ticket/pdf?${link[2] ?? ''}`);
    if (pdf.status !== 200 || !pdf.contentType.includes('application/pdf'))
      problems.push(`the ticket link of booking ${booking.reference} answers ${String(pdf.status)} ${pdf.contentType}, not a PDF`);
  }
  return problems;
}

async function chargeProblems(db: pg.Client): Promise<string[]> {
  const twice = await query<{ reference: string; n: number }>(
    db,
    `select b.reference, count(*)::int as n from payments p join bookings b on b.id = p.booking_id
     where p.status = 'succeeded' group by b.reference having count(*) > 1`,
  );
  const appliedTwice = await query<{ provider_ref: string; n: number }>(
    db,
    `select p.provider_ref, count(*)::int as n from payment_events e join payments p on p.id = e.payment_id
     where e.type = 'payment.succeeded' group by p.provider_ref having count(*) > 1`,
  );
  const unpaid = await query<{ reference: string; status: string }>(
    db,
    `select distinct b.reference, b.status::text as status from payments p join bookings b on b.id = p.booking_id
     where p.status = 'succeeded' and b.status::text <> all($1)`,
    [PAID_STATUSES],
  );
  return [
    ...twice.map((r) => `booking ${r.reference} was charged ${String(r.n)} times (succeeded payments, none refunded)`),
    ...appliedTwice.map((r) => `payment ${r.provider_ref} succeeded ${String(r.n)} times`),
    ...unpaid.map((r) => `booking ${r.reference} was charged but is ${r.status}`),
  ];
}

async function seatProblems(db: pg.Client): Promise<string[]> {
  const rows = await query<{ id: number; seats_held: number; seats_sold: number; held: number; sold: number }>(
    db,
    `select d.id::int as id, d.seats_held, d.seats_sold,
       coalesce(sum(h.seats) filter (where h.status = 'held'), 0)::int as held,
       coalesce(sum(h.seats) filter (where h.status = 'sold'), 0)::int as sold
     from departure_inventory d left join seat_holds h on h.departure_inventory_id = d.id
     group by d.id having d.seats_held <> coalesce(sum(h.seats) filter (where h.status = 'held'), 0)
       or d.seats_sold <> coalesce(sum(h.seats) filter (where h.status = 'sold'), 0)`,
  );
  const unsold = await query<{ reference: string }>(
    db,
    `select distinct b.reference from bookings b join seat_holds h on h.booking_id = b.id
     where b.status::text = any($1) and h.status <> 'sold'`,
    [PAID_STATUSES],
  );
  return [
    ...rows.map(
      (r) =>
        `departure inventory ${String(r.id)} counts ${String(r.seats_held)} held / ${String(r.seats_sold)} sold, its holds ${String(r.held)} held / ${String(r.sold)} sold`,
    ),
    ...unsold.map((r) => `booking ${r.reference} is paid but not all of its seats are sold`),
  ];
}

export async function ledgerProblems(ctx: LedgerContext): Promise<string[]> {
  return [...(await seatProblems(ctx.db)), ...(await chargeProblems(ctx.db)), ...(await mailProblems(ctx))];
}

/**
 * Surveys (issue 24 item 3) behind single-use signed hashes: rate-support (1–5, how good the
 * answer was), support-ces (1–7, customer effort: how easy it was) and nps (0–10, would you
 * recommend us, sent by the `nps-surveys` job once the trip has arrived). An answer is recorded
 * with one conditional update, so a hash used twice — or twice at once — records one answer.
 */
import { and, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bookings, cartItems, cartLegs, supportSurveys } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { SupportDeps } from './deps.ts';
import { verifySurveyHash, type SurveyKind } from './links.ts';
import { npsMail, withMailPreferences } from './mails.ts';

/** The score scale of each survey (inclusive). */
export const SURVEY_SCALES: Readonly<Record<SurveyKind, { min: number; max: number }>> = {
  rate: { min: 1, max: 5 },
  ces: { min: 1, max: 7 },
  nps: { min: 0, max: 10 },
};

export function surveyAnswerSchema(kind: SurveyKind) {
  const { min, max } = SURVEY_SCALES[kind];
  return z.object({
    score: z.coerce.number().int().min(min).max(max),
    comment: z.string().trim().max(2000).optional().default(''),
  });
}

export type SurveyRow = typeof supportSurveys.$inferSelect;

/** The survey a hash opens, if the hash is genuine for this kind. */
export async function surveyByHash(db: Db, kind: SurveyKind, hash: string): Promise<SurveyRow | undefined> {
  const id = verifySurveyHash(kind, hash);
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(supportSurveys)
    .where(and(eq(supportSurveys.id, id), eq(supportSurveys.kind, kind)))
    .limit(1);
  return row;
}

export type AnswerResult = 'recorded' | 'already_answered' | 'not_found';

/** Records the answer once: a second use of the hash changes nothing. */
export async function answerSurvey(
  db: Db,
  kind: SurveyKind,
  hash: string,
  answer: { score: number; comment: string },
  now: Date,
): Promise<AnswerResult> {
  const id = verifySurveyHash(kind, hash);
  if (id === undefined) return 'not_found';
  const updated = await db
    .update(supportSurveys)
    .set({ score: answer.score, comment: answer.comment || null, answeredAt: now })
    .where(and(eq(supportSurveys.id, id), eq(supportSurveys.kind, kind), isNull(supportSurveys.answeredAt)))
    .returning({ id: supportSurveys.id });
  if (updated.length) return 'recorded';
  const exists = await surveyByHash(db, kind, hash);
  return exists ? 'already_answered' : 'not_found';
}

export interface SurveyTotals {
  kind: SurveyKind;
  sent: number;
  answered: number;
  /** Mean score of the answers, null without any. */
  average: number | null;
  /** NPS only: % promoters (9–10) − % detractors (0–6), null without answers. */
  nps: number | null;
}

/** Totals for the operators area, one row per survey kind. */
export async function surveyTotals(db: Db): Promise<SurveyTotals[]> {
  const rows = await db
    .select({
      kind: supportSurveys.kind,
      sent: sql<number>`count(*)::int`,
      answered: sql<number>`count(${supportSurveys.answeredAt})::int`,
      average: sql<number | null>`avg(${supportSurveys.score})::float8`,
      promoters: sql<number>`count(*) filter (where ${supportSurveys.score} >= 9)::int`,
      detractors: sql<number>`count(*) filter (where ${supportSurveys.score} <= 6)::int`,
    })
    .from(supportSurveys)
    .groupBy(supportSurveys.kind);
  return (['rate', 'ces', 'nps'] as const).map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const answered = row?.answered ?? 0;
    return {
      kind,
      sent: row?.sent ?? 0,
      answered,
      average: row?.average ?? null,
      nps: kind === 'nps' && row && answered ? Math.round(((row.promoters - row.detractors) / answered) * 100) : null,
    };
  });
}

/** How long after the last arrival the NPS survey goes out (the traveller has got where they went). */
export const NPS_AFTER_ARRIVAL_MS = 2 * 60 * 60 * 1000;
const NPS_BATCH = 100;

/**
 * The `nps-surveys` job: one survey per confirmed booking whose every leg has arrived, mailed once.
 * The unique (booking, kind) pair keeps it to one survey however many processes run the job.
 */
export async function sendDueNpsSurveys(deps: SupportDeps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - NPS_AFTER_ARRIVAL_MS);
  const lastArrival = deps.db
    .select({ cartId: cartItems.cartId, arrivedAt: sql<Date>`max(${cartLegs.arrivalAt})`.as('arrived_at') })
    .from(cartLegs)
    .innerJoin(cartItems, eq(cartItems.id, cartLegs.cartItemId))
    .groupBy(cartItems.cartId)
    .as('last_arrival');
  const due = await deps.db
    .select({ id: bookings.id, email: bookings.email, lang: bookings.lang, reference: bookings.reference })
    .from(bookings)
    .innerJoin(lastArrival, eq(lastArrival.cartId, bookings.cartId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        isNotNull(bookings.email),
        sql`${lastArrival.arrivedAt} <= ${cutoff}`,
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(supportSurveys)
            .where(and(eq(supportSurveys.bookingId, bookings.id), eq(supportSurveys.kind, 'nps'))),
        ),
      ),
    )
    .limit(NPS_BATCH);
  if (!due.length) return 0;
  const created = await deps.db
    .insert(supportSurveys)
    .values(due.map((b) => ({ kind: 'nps', bookingId: b.id, email: b.email ?? '', lang: b.lang, createdAt: deps.now() })))
    .onConflictDoNothing()
    .returning({ id: supportSurveys.id, bookingId: supportSurveys.bookingId, email: supportSurveys.email, lang: supportSurveys.lang });
  for (const survey of created) {
    const reference = due.find((b) => b.id === survey.bookingId)?.reference ?? '';
    const message = await withMailPreferences(deps.db, npsMail(deps, survey, reference), 'survey', survey.lang);
    if (message) await deps.mailer.send(message);
  }
  return created.length;
}

/** Answers per case for the operators area's case page. */
export async function surveysOfCases(db: Db, caseIds: number[]) {
  if (!caseIds.length) return [];
  return db.select().from(supportSurveys).where(inArray(supportSurveys.caseId, caseIds));
}

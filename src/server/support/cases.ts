/**
 * Support cases (issue 24 item 2): a traveller opens one (topic, message, optionally a booking and
 * attachments), Support answers in the operators area, either side writes on in the thread. Every
 * change is one transaction; mails go out after it commits (a mail that fails is logged and the
 * thread still shows the reply — the link in the first mail reaches it).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { bookings, supportAttachments, supportCases, supportChats, supportMessages, supportSurveys, users } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';
import { checkoutLogger } from '../booking/log.ts';
import { newCaseNumber } from './caseNumber.ts';
import type { SupportDeps } from './deps.ts';
import { caseOpenedMail, caseSurveyMail, replyMail, withMailPreferences } from './mails.ts';

export const CASE_TOPICS = ['booking', 'payment', 'refund', 'change', 'other'] as const;
export type CaseTopic = (typeof CASE_TOPICS)[number];
export const MESSAGE_MAX = 5000;
export const ATTACHMENTS_MAX = 5;
/** An upload not attached within a day is no longer offered to a new case. */
const UPLOAD_ATTACH_WINDOW_MS = 24 * 60 * 60 * 1000;

const messageText = z.string().trim().min(10).max(MESSAGE_MAX);

/** support/send-case body. `booking` by reference (+ the booking's e-mail unless it is the signed-in traveller's own). */
export const sendCaseBody = z
  .object({
    topic: z.enum(CASE_TOPICS),
    message: messageText,
    email: z.email().max(254).optional(),
    booking: z
      .object({
        reference: z.string().trim().min(4).max(32),
        email: z.email().max(254).optional(),
      })
      .strict()
      .optional(),
    attachments: z.array(z.uuid()).max(ATTACHMENTS_MAX).default([]),
  })
  .strict();
export type SendCaseInput = z.infer<typeof sendCaseBody>;

export const replyBody = z.object({ message: messageText }).strict();

export type CaseRow = typeof supportCases.$inferSelect;

/** A case id that names no case (a page answers 404). */
export class CaseNotFound extends Error {
  constructor(caseId: number) {
    super(`no support case ${String(caseId)}`);
    this.name = 'CaseNotFound';
  }
}

async function bookingFor(db: Db, input: NonNullable<SendCaseInput['booking']>, user: UserRow | null): Promise<number> {
  const [row] = await db
    .select({ id: bookings.id, userId: bookings.userId, email: bookings.email })
    .from(bookings)
    .where(eq(sql`upper(${bookings.reference})`, input.reference.toUpperCase()))
    .limit(1);
  const own = row && user && (row.userId === user.id || (user.emailVerifiedAt && row.email?.toLowerCase() === user.email?.toLowerCase()));
  const emailMatches = row && input.email && row.email?.toLowerCase() === input.email.toLowerCase();
  // The same answer for an unknown reference and a wrong e-mail: references are not enumerable.
  if (!row || !(own || emailMatches)) throw new ApiError('case_booking_not_found', { fields: { 'booking.reference': ['not_found'] } });
  return row.id;
}

async function sendQuietly(deps: SupportDeps, message: Parameters<SupportDeps['mailer']['send']>[0] | undefined, what: string) {
  if (!message) return;
  try {
    await deps.mailer.send(message);
  } catch (error) {
    checkoutLogger().error({ err: error instanceof Error ? error.message : String(error), what }, 'support mail failed');
  }
}

/** Opens a case; the traveller gets the case number and the signed link to its thread by mail. */
export async function openCase(
  deps: SupportDeps,
  input: SendCaseInput,
  context: { lang: string; user: UserRow | null },
): Promise<{ case: CaseRow; attachments: number }> {
  const email = input.email ?? context.user?.email ?? undefined;
  if (!email) throw new ApiError('invalid_case', { fields: { email: ['required'] } });
  const bookingId = input.booking ? await bookingFor(deps.db, input.booking, context.user) : null;
  const now = deps.now();
  const opened = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportCases)
      .values({
        number: newCaseNumber(),
        topic: input.topic,
        email: email.toLowerCase(),
        lang: context.lang,
        userId: context.user?.id ?? null,
        bookingId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('case row not written');
    await tx.insert(supportMessages).values({ caseId: row.id, author: 'traveller', body: input.message, createdAt: now });
    const tokens = [...new Set(input.attachments)];
    if (tokens.length) {
      const attached = await tx
        .update(supportAttachments)
        .set({ caseId: row.id })
        .where(
          and(
            inArray(supportAttachments.token, tokens),
            isNull(supportAttachments.caseId),
            sql`${supportAttachments.createdAt} > ${new Date(now.getTime() - UPLOAD_ATTACH_WINDOW_MS)}`,
          ),
        )
        .returning({ id: supportAttachments.id });
      // An unknown, expired or already used upload: nothing of the case is kept.
      if (attached.length !== tokens.length) throw new ApiError('invalid_case', { fields: { attachments: ['unknown_upload'] } });
    }
    return { case: row, attachments: tokens.length };
  });
  await sendQuietly(deps, caseOpenedMail(deps, opened.case), 'case opened');
  return opened;
}

export async function caseById(db: Db, caseId: number): Promise<CaseRow | undefined> {
  const [row] = await db.select().from(supportCases).where(eq(supportCases.id, caseId)).limit(1);
  return row;
}

export interface ThreadMessage {
  id: number;
  author: 'traveller' | 'staff';
  channel: 'case' | 'chat';
  body: string;
  createdAt: Date;
  staffName: string | null;
}

export async function caseThread(db: Db, caseId: number) {
  const messages = await db
    .select({
      id: supportMessages.id,
      author: supportMessages.author,
      channel: supportMessages.channel,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      staffName: users.name,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.staffUserId))
    .where(eq(supportMessages.caseId, caseId))
    .orderBy(asc(supportMessages.id));
  const attachments = await db
    .select({
      token: supportAttachments.token,
      fileName: supportAttachments.fileName,
      mime: supportAttachments.mime,
      size: supportAttachments.size,
    })
    .from(supportAttachments)
    .where(eq(supportAttachments.caseId, caseId))
    .orderBy(asc(supportAttachments.id));
  const surveys = await db
    .select({
      kind: supportSurveys.kind,
      score: supportSurveys.score,
      comment: supportSurveys.comment,
      answeredAt: supportSurveys.answeredAt,
    })
    .from(supportSurveys)
    .where(eq(supportSurveys.caseId, caseId));
  return { messages: messages as ThreadMessage[], attachments, surveys };
}

/** The traveller writes on in their thread: the case waits for Support again. */
export async function replyAsTraveller(deps: SupportDeps, caseId: number, message: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(supportCases)
      .set({ status: 'open', updatedAt: now })
      .where(eq(supportCases.id, caseId))
      .returning({ id: supportCases.id });
    if (!row) throw new CaseNotFound(caseId);
    await tx.insert(supportMessages).values({ caseId, author: 'traveller', body: message, createdAt: now });
  });
}

/**
 * Support answers: the reply is in the thread and mailed; after the case's first answer the
 * traveller is also asked to rate it (rate-support) and how easy it was (support-ces).
 */
/**
 * Support's answer from the case page. Returns the new line's id: when the case came from a chat,
 * the caller announces it (chatWaiters) so the traveller's open chat shows it at once, and the
 * chat leaves the waiting list in the same transaction as the answer.
 */
export async function replyAsStaff(deps: SupportDeps, staff: StaffMember, caseId: number, message: string): Promise<{ messageId: number }> {
  assertMay(staff, 'case.reply');
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(supportCases).set({ status: 'answered', updatedAt: now }).where(eq(supportCases.id, caseId)).returning();
    if (!row) throw new CaseNotFound(caseId);
    const [line] = await tx
      .insert(supportMessages)
      .values({ caseId, author: 'staff', staffUserId: staff.userId, body: message, createdAt: now })
      .returning({ id: supportMessages.id });
    const messageId = line?.id ?? 0;
    await tx.update(supportChats).set({ waitingSince: null }).where(eq(supportChats.caseId, caseId));
    const existing = await tx.select({ id: supportSurveys.id }).from(supportSurveys).where(eq(supportSurveys.caseId, caseId)).limit(1);
    if (existing.length) return { row, messageId, surveys: undefined };
    const created = await tx
      .insert(supportSurveys)
      .values((['rate', 'ces'] as const).map((kind) => ({ kind, caseId, email: row.email, lang: row.lang, createdAt: now })))
      .returning({ id: supportSurveys.id, kind: supportSurveys.kind });
    const id = (kind: string) => created.find((s) => s.kind === kind)?.id ?? 0;
    return { row, messageId, surveys: { rate: id('rate'), ces: id('ces') } };
  });
  await sendQuietly(deps, replyMail(deps, result.row, message), 'case reply');
  if (result.surveys)
    await sendQuietly(
      deps,
      await withMailPreferences(deps.db, caseSurveyMail(deps, result.row, result.surveys), 'survey', result.row.lang),
      'case survey',
    );
  return { messageId: result.messageId };
}

export async function closeCase(deps: SupportDeps, staff: StaffMember, caseId: number): Promise<void> {
  assertMay(staff, 'case.close');
  const [row] = await deps.db
    .update(supportCases)
    .set({ status: 'closed', updatedAt: deps.now() })
    .where(eq(supportCases.id, caseId))
    .returning({ id: supportCases.id });
  if (!row) throw new CaseNotFound(caseId);
}

/** The operators area's list: cases waiting for Support first, oldest wait first; then the rest, newest first. */
export async function casesForStaff(db: Db, status: 'open' | 'answered' | 'closed', limit = 100) {
  return db
    .select({
      id: supportCases.id,
      number: supportCases.number,
      topic: supportCases.topic,
      email: supportCases.email,
      status: supportCases.status,
      updatedAt: supportCases.updatedAt,
      bookingReference: bookings.reference,
    })
    .from(supportCases)
    .leftJoin(bookings, eq(bookings.id, supportCases.bookingId))
    .where(eq(supportCases.status, status))
    .orderBy(status === 'open' ? asc(supportCases.updatedAt) : desc(supportCases.updatedAt))
    .limit(limit);
}

export async function caseBookingReference(db: Db, bookingId: number | null): Promise<string | null> {
  if (bookingId === null) return null;
  const [row] = await db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return row?.reference ?? null;
}

/**
 * Live chat with Support (issue 24 item 7, SPEC §7 `chatProxy/{userId}`). A chat is one
 * traveller's conversation on one support case: its lines are `support_messages` rows with
 * channel `chat`, so the case's thread (traveller's and staff's) shows them beside mailed
 * replies. The traveller's first line opens a case (topic `booking` from the ticket page, else
 * `other`); later lines continue it until Support closes the case, then the next line opens a
 * new one.
 *
 * Who the chat belongs to (`owner`, the `{userId}` of the API): a signed-in traveller (a ticket
 * link's temporary sign-in included) is their account id; a visitor is `g-` and a digest of the
 * random secret in their HttpOnly chat cookie, so only the browser holding the secret can name
 * its chat, and nothing about the visitor is stored to recognise them.
 *
 * Every change is one transaction; the bus message that wakes waiting readers (chatWaiters.ts)
 * is sent after it commits and is only a hint — a reader that misses it finds the line when its
 * long-poll ends.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_ROW_ID } from '../../domain/ids.ts';
import { ApiError } from '../api/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import type { Db } from '../db/client.ts';
import { bookings, supportCases, supportChats, supportMessages, users } from '../db/schema.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';
import { verifyTicketToken } from '../tickets/links.ts';
import type { ThreadMessage } from './cases.ts';
import { newCaseNumber } from './caseNumber.ts';

/** A chat line is short: longer questions belong in a case with attachments (the contact form). */
export const CHAT_LINE_MAX = 2000;
/** The longest a reader's GET waits for a new line (seconds): under common proxy idle timeouts. */
export const CHAT_WAIT_MAX_S = 25;

const GUEST_OWNER = /^g-[A-Za-z0-9_-]{22}$/;
const ACCOUNT_OWNER = /^[1-9]\d{0,9}$/;
const GUEST_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** `{userId}`: an account id, a visitor's `g-…`, or `me` — whoever the request's session or chat cookie is. */
export const chatUserIdParam = z.union([z.literal('me'), z.string().regex(ACCOUNT_OWNER), z.string().regex(GUEST_OWNER)]);

/** GET chatProxy/{userId}: the lines after `after` (a line id); with `wait`, held until one arrives or `wait` seconds pass. */
export const chatQuery = z
  .object({
    after: z.coerce.number().int().nonnegative().max(MAX_ROW_ID).default(0),
    wait: z.coerce.number().int().min(0).max(CHAT_WAIT_MAX_S).default(0),
  })
  .strict();

/** POST chatProxy/{userId}: one line. `email` for a visitor's first line; `ticket` (the ticket page's signed link) ties the case to that booking. */
export const chatLineBody = z
  .object({
    message: z.string().trim().min(1).max(CHAT_LINE_MAX),
    email: z.email().max(254).optional(),
    ticket: z
      .object({ booking: z.number().int().positive().max(MAX_ROW_ID), token: z.string().min(1).max(200) })
      .strict()
      .optional(),
  })
  .strict();
export type ChatLineInput = z.infer<typeof chatLineBody>;

export type ChatRow = typeof supportChats.$inferSelect;

/** A visitor's chat id from the secret in their cookie (the secret itself never leaves the cookie). */
export function guestOwnerOf(secret: string): string | null {
  if (!GUEST_SECRET.test(secret)) return null;
  return `g-${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}`;
}

export function newGuestSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function accountOwner(user: Pick<UserRow, 'id'>): string {
  return String(user.id);
}

/** The chat that an owner's next line goes to: the newest whose case is not closed. */
/** A chat with its case's number and status. */
export type CurrentChat = ChatRow & { number: string; status: string };

export async function currentChat(db: Db, owner: string): Promise<CurrentChat | undefined> {
  const [row] = await db
    .select({ chat: supportChats, number: supportCases.number, status: supportCases.status })
    .from(supportChats)
    .innerJoin(supportCases, eq(supportCases.id, supportChats.caseId))
    .where(and(eq(supportChats.owner, owner), ne(supportCases.status, 'closed')))
    .orderBy(desc(supportChats.id))
    .limit(1);
  return row ? { ...row.chat, number: row.number, status: row.status } : undefined;
}

export async function chatById(db: Db, chatId: number): Promise<ChatRow | undefined> {
  const [row] = await db.select().from(supportChats).where(eq(supportChats.id, chatId)).limit(1);
  return row;
}

/** A chat line is a line of its case's thread (a type-only import: cases.ts pulls in the mails at run time). */
export type ChatLine = ThreadMessage;

/** The case's messages after `after` (both channels: a mailed reply belongs to the conversation too), oldest first. */
export async function chatLines(db: Db, caseId: number, after: number): Promise<ChatLine[]> {
  const rows = await db
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
    .where(and(eq(supportMessages.caseId, caseId), gt(supportMessages.id, after)))
    .orderBy(asc(supportMessages.id))
    .limit(200);
  return rows as ChatLine[];
}

/** What a traveller's first line needs to open a case: an address to answer to, and the booking when they came from its ticket. */
async function caseOrigin(
  db: Db,
  input: ChatLineInput,
  user: UserRow | null,
  now: Date,
): Promise<{ email: string; bookingId: number | null; topic: 'booking' | 'other' }> {
  let booking: { id: number; email: string | null } | undefined;
  if (input.ticket) {
    if (!verifyTicketToken(input.ticket.booking, input.ticket.token, now.getTime()))
      throw new ApiError('invalid_chat', { fields: { ticket: ['invalid'] } });
    [booking] = await db
      .select({ id: bookings.id, email: bookings.email })
      .from(bookings)
      .where(eq(bookings.id, input.ticket.booking))
      .limit(1);
    if (!booking) throw new ApiError('invalid_chat', { fields: { ticket: ['invalid'] } });
  }
  const email = user?.email ?? booking?.email ?? input.email;
  if (!email) throw new ApiError('invalid_chat', { fields: { email: ['required'] } });
  return { email: email.toLowerCase(), bookingId: booking?.id ?? null, topic: booking ? 'booking' : 'other' };
}

export interface PostedLine {
  chat: CurrentChat;
  line: ChatLine;
}

/**
 * The traveller's line: continues their open chat or opens a case for it. The owner's lock makes
 * two first lines sent at once land on one case, not two.
 */
export async function postTravellerLine(
  db: Db,
  owner: string,
  input: ChatLineInput,
  context: { lang: string; user: UserRow | null; now: Date },
): Promise<PostedLine> {
  const { now } = context;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`support_chat:${owner}`}))`);
    let chat = await currentChat(tx, owner);
    if (!chat) {
      const origin = await caseOrigin(tx, input, context.user, now);
      const [opened] = await tx
        .insert(supportCases)
        .values({
          number: newCaseNumber(),
          topic: origin.topic,
          email: origin.email,
          lang: context.lang,
          userId: context.user?.id ?? null,
          bookingId: origin.bookingId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!opened) throw new Error('case row not written');
      const [row] = await tx.insert(supportChats).values({ owner, caseId: opened.id, waitingSince: now, createdAt: now }).returning();
      if (!row) throw new Error('chat row not written');
      chat = { ...row, number: opened.number, status: opened.status };
    } else {
      await tx.update(supportCases).set({ status: 'open', updatedAt: now }).where(eq(supportCases.id, chat.caseId));
      const [row] = await tx
        .update(supportChats)
        .set({ waitingSince: sql`coalesce(${supportChats.waitingSince}, ${now})` })
        .where(eq(supportChats.id, chat.id))
        .returning();
      if (row) chat = { ...chat, ...row, status: 'open' };
    }
    const [line] = await tx
      .insert(supportMessages)
      .values({ caseId: chat.caseId, author: 'traveller', channel: 'chat', body: input.message, createdAt: now })
      .returning({ id: supportMessages.id });
    if (!line) throw new Error('chat line not written');
    return {
      chat,
      line: { id: line.id, author: 'traveller', channel: 'chat', body: input.message, createdAt: now, staffName: null },
    };
  });
}

/** Support answers in the chat: the case is answered and the chat no longer waits. */
export async function postStaffLine(db: Db, staff: StaffMember, owner: string, message: string, now: Date): Promise<PostedLine> {
  assertMay(staff, 'case.reply');
  return db.transaction(async (tx) => {
    const chat = await currentChat(tx, owner);
    if (!chat) throw new ApiError('chat_not_found');
    await tx.update(supportCases).set({ status: 'answered', updatedAt: now }).where(eq(supportCases.id, chat.caseId));
    await tx.update(supportChats).set({ waitingSince: null }).where(eq(supportChats.id, chat.id));
    const [line] = await tx
      .insert(supportMessages)
      .values({ caseId: chat.caseId, author: 'staff', staffUserId: staff.userId, channel: 'chat', body: message, createdAt: now })
      .returning({ id: supportMessages.id });
    if (!line) throw new Error('chat line not written');
    const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, staff.userId)).limit(1);
    return {
      chat: { ...chat, status: 'answered', waitingSince: null },
      line: { id: line.id, author: 'staff', channel: 'chat', body: message, createdAt: now, staffName: me?.name ?? null },
    };
  });
}

/** The operators area's queue: chats waiting for Support, the longest wait first, with their case and booking. */
export async function waitingChats(db: Db, limit = 100) {
  return db
    .select({
      id: supportChats.id,
      owner: supportChats.owner,
      waitingSince: supportChats.waitingSince,
      caseId: supportCases.id,
      caseNumber: supportCases.number,
      email: supportCases.email,
      bookingId: supportCases.bookingId,
      bookingReference: bookings.reference,
    })
    .from(supportChats)
    .innerJoin(supportCases, eq(supportCases.id, supportChats.caseId))
    .leftJoin(bookings, eq(bookings.id, supportCases.bookingId))
    .where(and(isNotNull(supportChats.waitingSince), ne(supportCases.status, 'closed')))
    .orderBy(asc(supportChats.waitingSince), asc(supportChats.id))
    .limit(limit);
}

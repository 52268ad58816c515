/**
 * SPEC §7 `chatProxy/{userId}` (issue 24 item 7), under /api/nuxt/{lang}/:
 *   - GET  — the chat's lines after `?after=` (a line id); `?wait=` seconds holds the answer
 *     until a line arrives from any server process (long-poll, chatWaiters.ts says why);
 *   - POST — one line `{ message, email?, ticket? }`.
 * `{userId}` is the traveller's own chat (`me` resolves to it: the session's account, else the
 * visitor's chat cookie, which the first POST sets). Staff who may answer cases (`case.reply`)
 * read and answer any traveller's chat by its id; anyone else gets `chat_forbidden`.
 */
import type { APIContext } from 'astro';
import { localeBySegment, resolveSegment } from '../../i18n/locales.ts';
import { parseCookies } from '../accounts/cookies.ts';
import { clientIp } from '../accounts/route.ts';
import type { ActiveSession } from '../accounts/sessions.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import { parseServerEnv } from '../config.ts';
import { getDbHandle } from '../db/index.ts';
import { withSetCookie } from '../http/setCookie.ts';
import type { Db } from '../db/client.ts';
import { opGate } from '../ops/page.ts';
import type { StaffMember } from '../ops/access.ts';
import { consume, type Limit } from '../rateLimit/counter.ts';
import {
  accountOwner,
  chatLineBody,
  chatQuery,
  chatUserIdParam,
  currentChat,
  guestOwnerOf,
  newGuestSecret,
  postStaffLine,
  postTravellerLine,
  type ChatLine,
} from './chat.ts';
import { linesWhenReady, processChatWaiters, type ChatWaiters } from './chatWaiters.ts';
import { requestSession } from './session.ts';

type Ctx = Pick<APIContext, 'url' | 'params' | 'request' | 'clientAddress'>;

/** A traveller types; a script does not get to fill Support's queue (per chat and per address). */
export const CHAT_LIMITS = {
  perChat: { max: 20, windowMs: 60_000 },
  perAddress: { max: 60, windowMs: 60_000 },
} as const satisfies Record<string, Limit>;

export function chatCookieName(secure: boolean): string {
  return secure ? '__Host-chat_session' : 'chat_session';
}

export interface ChatApiDeps {
  db: () => Promise<Db>;
  waiters: ChatWaiters;
  session: (request: Request) => Promise<ActiveSession | null>;
  now: () => Date;
  secureCookies: boolean;
}

/** Who is asking: their own chat id (if they have one yet) and, for staff, the right to answer others. */
interface Caller {
  own: string | null;
  session: ActiveSession | null;
  staff: StaffMember | null;
}

async function callerOf(deps: ChatApiDeps, request: Request): Promise<Caller> {
  const session = await deps.session(request);
  const gate = opGate(session, 'case.reply');
  const guestSecret = parseCookies(request.headers.get('cookie')).get(chatCookieName(deps.secureCookies));
  const own = session ? accountOwner(session.user) : guestSecret ? guestOwnerOf(guestSecret) : null;
  return { own, session, staff: gate.kind === 'allowed' ? gate.staff : null };
}

/** The chat a request speaks about, and in which role: its owner, or staff answering another traveller. */
function resolveOwner(caller: Caller, userId: string): { owner: string | null; asStaff: boolean } {
  if (userId === 'me' || userId === caller.own) return { owner: caller.own, asStaff: false };
  if (caller.staff) return { owner: userId, asStaff: true };
  throw new ApiError('chat_forbidden');
}

function lineOut(line: ChatLine) {
  return {
    id: line.id,
    author: line.author,
    channel: line.channel,
    body: line.body,
    at: line.createdAt.toISOString(),
    staff_name: line.author === 'staff' ? line.staffName : null,
  };
}

export function chatApi(deps: ChatApiDeps) {
  return endpoints({
    async read(ctx: Ctx): Promise<Response> {
      const userId = parseInput(chatUserIdParam, ctx.params.userId, 'invalid_chat');
      const query = parseInput(chatQuery, queryObject(ctx.url), 'invalid_chat');
      const caller = await callerOf(deps, ctx.request);
      const { owner, asStaff } = resolveOwner(caller, userId);
      const db = await deps.db();
      const chat = owner ? await currentChat(db, owner) : undefined;
      const answer = (lines: ChatLine[]) =>
        json(
          {
            user_id: owner,
            case: chat ? { number: chat.number, status: chat.status } : null,
            // A visitor's first line must say where Support can answer if they leave.
            needs_email: !asStaff && !chat && !caller.session,
            messages: lines.map(lineOut),
          },
          200,
          NO_STORE,
        );
      if (!chat) return answer([]);
      return answer(
        await linesWhenReady(db, deps.waiters, { caseId: chat.caseId, after: query.after, waitS: query.wait, signal: ctx.request.signal }),
      );
    },

    async post(ctx: Ctx): Promise<Response> {
      const userId = parseInput(chatUserIdParam, ctx.params.userId, 'invalid_chat');
      const input = parseInput(chatLineBody, await readJson(ctx.request), 'invalid_chat');
      const caller = await callerOf(deps, ctx.request);
      const resolved = resolveOwner(caller, userId);
      // A visitor's first line: their chat id comes from a new secret, kept in an HttpOnly cookie.
      const secret = resolved.owner === null ? newGuestSecret() : undefined;
      const owner = resolved.owner ?? guestOwnerOf(secret ?? '');
      if (!owner) throw new Error('chat owner not derived');
      const db = await deps.db();
      const now = deps.now();
      const wait = await consume(
        db,
        [
          { key: `chat:owner:${owner}`, limit: CHAT_LIMITS.perChat },
          { key: `chat:ip:${clientIp(ctx)}`, limit: CHAT_LIMITS.perAddress },
        ],
        now,
      );
      if (wait !== null) throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
      const lang = localeBySegment(resolveSegment(ctx.params.lang)).segment;
      const posted =
        resolved.asStaff && caller.staff
          ? await postStaffLine(db, caller.staff, owner, input.message, now)
          : await postTravellerLine(db, owner, input, { lang, user: caller.session?.user ?? null, now });
      await deps.waiters.announce(posted.chat.caseId, posted.line.id);
      const response = json(
        {
          user_id: owner,
          case: { number: posted.chat.number, status: resolved.asStaff ? 'answered' : 'open' },
          message: lineOut(posted.line),
        },
        201,
        NO_STORE,
      );
      return secret ? withSetCookie(response, { name: 'chat_session', value: secret }) : response;
    },
  });
}

let serving: ReturnType<typeof chatApi> | undefined;

/** The API for the route files, on the process's database, bus and clock. */
export function chatHttp(): ReturnType<typeof chatApi> {
  serving ??= chatApi({
    db: async () => (await getDbHandle()).db,
    waiters: processChatWaiters(),
    session: requestSession,
    now: () => new Date(),
    secureCookies: parseServerEnv().SITE_URL.startsWith('https:'),
  });
  return serving;
}

/**
 * Live chat with Support through the chatProxy/{userId} handlers (issue 24 item 7): a visitor's
 * first line opens a case and sets the chat cookie; the line is in the case's thread; Support
 * sees the chat waiting, answers, and the waiting reader gets the answer at once; a stranger can
 * neither read nor write someone else's chat; the ticket page's signed link ties the case to
 * the booking; lines are rate limited. Across processes: supportChat.multiprocess.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSession } from '../../src/server/accounts/sessions.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, carts, supportCases, users } from '../../src/server/db/schema.ts';
import { caseThread, replyAsStaff } from '../../src/server/support/cases.ts';
import { waitingChats } from '../../src/server/support/chat.ts';
import { chatApi, CHAT_LIMITS } from '../../src/server/support/chatApi.ts';
import { createChatWaiters } from '../../src/server/support/chatWaiters.ts';
import { ticketToken } from '../../src/server/tickets/links.ts';
import { DATABASES } from './databases.ts';

interface Line {
  id: number;
  author: string;
  body: string;
  staff_name: string | null;
}
interface Answer {
  user_id: string | null;
  case: { number: string; status: string } | null;
  needs_email: boolean;
  messages: Line[];
  message: Line;
  error: { code: string; message: string; fields?: Record<string, string[]> };
}

describe.each(DATABASES)('live chat with Support on $name', (database) => {
  let handle: DbHandle;
  let api: ReturnType<typeof chatApi>;
  // No other process here: the in-process wake-up is what answers a waiting reader.
  const waiters = createChatWaiters(() => Promise.resolve(null));
  const sessions = new Map<string, ActiveSession>();
  const clock = { now: Date.UTC(2026, 10, 21, 8, 0, 0) };
  let address = 0;

  beforeAll(async () => {
    handle = await database.open();
    api = chatApi({
      db: () => Promise.resolve(handle.db),
      waiters,
      // The session cookie names a test session (the real lookup is the accounts' findSession).
      session: (request) => Promise.resolve(sessions.get(/session=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? '') ?? null),
      now: () => new Date(clock.now),
      secureCookies: false,
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  async function call(
    method: 'GET' | 'POST',
    userId: string,
    options: { cookie?: string | undefined; body?: unknown; query?: string; ip?: string } = {},
  ): Promise<{ status: number; body: Answer; setCookie: string | null }> {
    const url = new URL(`http://roamly.test/api/nuxt/en/chatProxy/${userId}${options.query ?? ''}`);
    const request = new Request(url, {
      method,
      headers: { 'content-type': 'application/json', ...(options.cookie ? { cookie: options.cookie } : {}) },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const ctx = { url, params: { lang: 'en', userId }, request, clientAddress: options.ip ?? `203.0.113.${String(++address % 250)}` };
    const response = method === 'GET' ? await api.read(ctx) : await api.post(ctx);
    return { status: response.status, body: (await response.json()) as Answer, setCookie: response.headers.get('set-cookie') };
  }

  async function addUser(email: string, role: 'user' | 'support'): Promise<string> {
    const [user] = await handle.db
      .insert(users)
      .values({ email, name: role === 'support' ? 'Agent Noor' : 'Traveller', role, totpEnabledAt: role === 'support' ? new Date() : null })
      .returning();
    if (!user) throw new Error('no user');
    const token = `s${String(user.id)}`;
    sessions.set(token, { tokenHash: token, isTemp: false, createdAt: new Date(clock.now), user });
    return `session=${token}`;
  }

  it('a visitor chats, Support answers from the queue, and a stranger can neither read nor write it', async () => {
    const staffCookie = await addUser(`agent-${database.name}@roamly.test`, 'support');

    // Before the first line: no chat, and a visitor must leave an address.
    const before = await call('GET', 'me');
    expect(before.body).toMatchObject({ user_id: null, case: null, needs_email: true, messages: [] });
    const noEmail = await call('POST', 'me', { body: { message: 'Hello, is the night bus running?' } });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.error).toMatchObject({ code: 'invalid_chat', fields: { email: ['required'] } });
    expect(noEmail.setCookie).toBeNull();

    const first = await call('POST', 'me', { body: { message: 'Hello, is the night bus running?', email: 'Visitor@Example.com' } });
    expect(first.status).toBe(201);
    const chatCookie = /^(chat_session=[\w-]+);/.exec(first.setCookie ?? '')?.[1];
    expect(chatCookie).toBeDefined();
    expect(first.setCookie).toContain('HttpOnly');
    const userId = first.body.user_id ?? '';
    expect(userId).toMatch(/^g-/);
    const caseNumber = first.body.case?.number;

    // The line is part of a case, and the chat waits in Support's queue.
    const [opened] = await handle.db
      .select()
      .from(supportCases)
      .where(eq(supportCases.number, caseNumber ?? ''));
    expect(opened).toMatchObject({ email: 'visitor@example.com', status: 'open', topic: 'other' });
    const queue = await waitingChats(handle.db);
    expect(queue.map((c) => c.owner)).toEqual([userId]);

    // A second line continues the same case.
    clock.now += 1000;
    const second = await call('POST', userId, { cookie: chatCookie, body: { message: 'Leaving from Split.' } });
    expect(second.body.case?.number).toBe(caseNumber);

    // A stranger (no cookie, another visitor, a signed-in traveller) can neither read nor write it.
    const travellerCookie = await addUser(`traveller-${database.name}@roamly.test`, 'user');
    for (const cookie of [undefined, 'chat_session=' + 'x'.repeat(43), travellerCookie]) {
      const read = await call('GET', userId, { cookie });
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('chat_forbidden');
      const write = await call('POST', userId, { cookie, body: { message: 'Let me in' } });
      expect(write.status).toBe(403);
    }

    // The visitor waits for an answer; Support answers from the operators area's queue.
    const waiting = call('GET', userId, { cookie: chatCookie, query: `?after=${String(second.body.message.id)}&wait=20` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const answer = await call('POST', userId, { cookie: staffCookie, body: { message: 'Yes, it leaves at 22:10 tonight.' } });
    expect(answer.status).toBe(201);
    const arrived = await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(arrived.body.messages.map((m) => [m.author, m.body, m.staff_name])).toEqual([
      ['staff', 'Yes, it leaves at 22:10 tonight.', 'Agent Noor'],
    ]);
    expect(await waitingChats(handle.db)).toEqual([]);

    // The whole conversation is in the case's thread, marked as chat.
    const thread = await caseThread(handle.db, opened?.id ?? 0);
    expect(thread.messages.map((m) => [m.author, m.channel])).toEqual([
      ['traveller', 'chat'],
      ['traveller', 'chat'],
      ['staff', 'chat'],
    ]);
    const [answered] = await handle.db
      .select()
      .from(supportCases)
      .where(eq(supportCases.id, opened?.id ?? 0));
    expect(answered?.status).toBe('answered');
  });

  it('an answer written on the case page reaches the open chat at once and takes it off the waiting list', async () => {
    const first = await call('POST', 'me', { body: { message: 'Can I take a bicycle on the ferry?', email: 'cyclist@example.com' } });
    const chatCookie = /^(chat_session=[\w-]+);/.exec(first.setCookie ?? '')?.[1];
    const userId = first.body.user_id ?? '';
    const [opened] = await handle.db
      .select()
      .from(supportCases)
      .where(eq(supportCases.number, first.body.case?.number ?? ''));
    expect((await waitingChats(handle.db)).map((c) => c.owner)).toContain(userId);

    const waiting = call('GET', userId, { cookie: chatCookie, query: `?after=${String(first.body.message.id)}&wait=20` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const deps = {
      db: handle.db,
      mailer: { send: () => Promise.resolve() },
      now: () => new Date(clock.now),
      siteUrl: 'http://roamly.test',
    };
    // What /op/case does: the reply, then the announcement to the chat's readers.
    const { messageId } = await replyAsStaff(deps, { userId: 1, role: 'support' }, opened?.id ?? 0, 'Yes, bicycles travel free.');
    await waiters.announce(opened?.id ?? 0, messageId);
    const arrived = await waiting;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(arrived.body.messages.map((m) => [m.author, m.body])).toEqual([['staff', 'Yes, bicycles travel free.']]);
    expect((await waitingChats(handle.db)).map((c) => c.owner)).not.toContain(userId);
  });

  it('a signed-in traveller needs no address; the ticket link ties the case to the booking', async () => {
    const cookie = await addUser(`ticket-${database.name}@roamly.test`, 'user');
    const mine = await call('GET', 'me', { cookie });
    expect(mine.body.needs_email).toBe(false);

    const [cart] = await handle.db
      .insert(carts)
      .values({ hash: `chat-${database.name}`, lang: 'en', currency: 'THB', people: 1 })
      .returning();
    const [booking] = await handle.db
      .insert(bookings)
      .values({
        reference: `CH${database.name === 'pglite' ? 'PGL1' : 'PGS1'}`,
        cartId: cart?.id ?? 0,
        status: 'confirmed',
        email: 'Guest@Example.com',
        lang: 'en',
        currency: 'THB',
        people: 1,
        totalMinor: 50000,
        holdExpiresAt: new Date(clock.now),
      })
      .returning();
    const id = booking?.id ?? 0;
    const forged = await call('POST', 'me', { body: { message: 'About my ticket', ticket: { booking: id, token: 'forged' } } });
    expect(forged.status).toBe(422);
    expect(forged.body.error.fields).toEqual({ ticket: ['invalid'] });

    const fromTicket = await call('POST', 'me', {
      body: { message: 'About my ticket', ticket: { booking: id, token: ticketToken(id, clock.now) } },
    });
    expect(fromTicket.status).toBe(201);
    const [opened] = await handle.db
      .select()
      .from(supportCases)
      .where(eq(supportCases.number, fromTicket.body.case?.number ?? ''));
    expect(opened).toMatchObject({ bookingId: id, email: 'guest@example.com', topic: 'booking' });
  });

  it('refuses malformed input with the failing fields, and limits lines per chat', async () => {
    const empty = await call('POST', 'me', { body: { message: '   ', email: 'a@example.com' } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.error.fields ?? {})).toEqual(['message']);
    const badId = await call('GET', 'not-a-user');
    expect(badId.status).toBe(422);
    const badWait = await call('GET', 'me', { query: '?wait=600' });
    expect(badWait.body.error.fields).toHaveProperty('wait');

    const first = await call('POST', 'me', { body: { message: 'line 0', email: 'spam@example.com' } });
    const cookie = /^(chat_session=[\w-]+);/.exec(first.setCookie ?? '')?.[1];
    const statuses: number[] = [];
    for (let i = 1; i <= CHAT_LIMITS.perChat.max; i++)
      statuses.push((await call('POST', first.body.user_id ?? '', { cookie, body: { message: `line ${String(i)}` } })).status);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

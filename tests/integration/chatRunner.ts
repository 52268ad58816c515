/**
 * A server process's side of the live chat for tests/integration/supportChat.multiprocess.test.ts,
 * run as a child with DATABASE_URL (and maybe REDIS_URL) in its environment. It does what the
 * chatProxy handlers do (chatApi.ts) with the same services, on the process's database and bus
 * (the handlers themselves need the build's translations, which a plain Node child has not):
 *   reader follow|no-bus <owner> <after> — a traveller's browser long-polling (the API's longest wait),
 *     printing `line <id> <body>` for each line it is given; `no-bus` is the negative control, a
 *     process whose readers hear no other process (they only time out);
 *   writer <staff user id> <owner> — Support answering each line given on stdin, prints `posted <id>`.
 */
import { createInterface } from 'node:readline';
import { getBus } from '../../src/server/bus/index.ts';
import { getDbHandle } from '../../src/server/db/index.ts';
import { CHAT_WAIT_MAX_S, currentChat, postStaffLine } from '../../src/server/support/chat.ts';
import { createChatWaiters, linesWhenReady, processChatWaiters } from '../../src/server/support/chatWaiters.ts';

const [role, ...args] = process.argv.slice(2);
const { db } = await getDbHandle();

if (role === 'reader') {
  const [mode, owner = '', after = '0'] = args;
  const waiters = mode === 'no-bus' ? createChatWaiters(() => Promise.resolve(null)) : processChatWaiters();
  const chat = await currentChat(db, owner);
  if (!chat) throw new Error('no chat');
  let last = Number(after);
  for (;;) {
    console.log('waiting');
    for (const line of await linesWhenReady(db, waiters, { caseId: chat.caseId, after: last, waitS: CHAT_WAIT_MAX_S })) {
      console.log(`line ${String(line.id)} ${line.body}`);
      last = line.id;
    }
  }
} else if (role === 'writer') {
  // Started ahead and told what to post on stdin, so its start-up is not part of what is timed.
  const [staffId = '0', owner = ''] = args;
  const waiters = processChatWaiters();
  console.log('ready');
  for await (const message of createInterface({ input: process.stdin })) {
    const posted = await postStaffLine(db, { userId: Number(staffId), role: 'support' }, owner, message, new Date());
    await waiters.announce(posted.chat.caseId, posted.line.id);
    console.log(`posted ${String(posted.line.id)}`);
  }
  await (await getBus()).close();
  process.exit(0);
} else throw new Error('usage: chatRunner.ts reader follow|no-bus <owner> <after> | writer <staffId> <owner>');

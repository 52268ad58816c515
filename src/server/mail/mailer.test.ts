import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxMailer } from './mailer.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('outboxMailer', () => {
  it('writes each message as its own .eml file a mail client can open', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const mailer = outboxMailer(dir, 'Roamly <no-reply@roamly.test>');
    await mailer.send({ to: 'anna@example.com', subject: 'Hello', text: 'First https://x.test/a' });
    await mailer.send({ to: 'ben@example.com', subject: 'Hi', text: 'Second' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const first = await readFile(join(dir, files.find((f) => f.endsWith('.eml')) ?? ''), 'utf8');
    expect(first).toMatch(/^To: (anna|ben)@example\.com$/m);
    expect(first).toMatch(/^From: Roamly <no-reply@roamly\.test>$/m);
  });
});

/**
 * Idempotency-Key handling for the order calls: the first request with a key is answered and
 * its answer stored; every repeat with the same key and the same body gets that answer again,
 * byte for byte; the same key with a different body is refused. Concurrent repeats wait for the
 * first to finish (the row is inserted before the work starts, so exactly one request works).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

export interface StoredAnswer {
  status: number;
  body: string;
}

export type IdempotentResult =
  { kind: 'answer'; answer: StoredAnswer; replayed: boolean } | { kind: 'key_reused' } | { kind: 'in_progress' };

export function requestHash(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

export async function idempotent(
  db: Db,
  scope: string,
  key: string,
  body: unknown,
  work: () => Promise<StoredAnswer>,
  waitMs = 10_000,
): Promise<IdempotentResult> {
  const hash = requestHash(body);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  if (claimed.length > 0) {
    let answer: StoredAnswer;
    try {
      answer = await work();
    } catch (error) {
      // Nothing was answered: free the key so the client's retry can do the work.
      await db.delete(idempotencyKeys).where(where);
      throw error;
    }
    await db.update(idempotencyKeys).set({ statusCode: answer.status, responseBody: answer.body }).where(where);
    return { kind: 'answer', answer, replayed: false };
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (!row) return { kind: 'in_progress' };
    if (row.requestHash !== hash) return { kind: 'key_reused' };
    if (row.statusCode !== null && row.responseBody !== null)
      return { kind: 'answer', answer: { status: row.statusCode, body: row.responseBody }, replayed: true };
    if (Date.now() > deadline) return { kind: 'in_progress' };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

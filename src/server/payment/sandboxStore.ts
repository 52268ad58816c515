/**
 * What a local provider sandbox (yuno/sandbox.ts, finapi/sandbox.ts) keeps on "its side", in
 * `provider_sandbox_records` under its provider's name: sessions, payments, tokens, and the
 * answers of changing calls by idempotency key, so a repeated call gets the first answer — as
 * the real providers do.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { providerSandboxRecords } from '../db/schema.ts';

export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A request's JSON body, or undefined when it has none or it is not JSON (the sandbox then refuses it as its provider would). */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return (await request.json()) as unknown;
  } catch {
    return undefined;
  }
}

export function createSandboxStore(db: Db, provider: string, now: () => number) {
  const ofKind = (kind: string) => and(eq(providerSandboxRecords.provider, provider), eq(providerSandboxRecords.kind, kind));

  async function load<T>(kind: string, id: string): Promise<T | undefined> {
    const [row] = await db
      .select({ body: providerSandboxRecords.body })
      .from(providerSandboxRecords)
      .where(and(ofKind(kind), eq(providerSandboxRecords.id, id)))
      .limit(1);
    return row?.body as T | undefined;
  }

  async function save(kind: string, id: string, body: object): Promise<void> {
    const record = body as Record<string, unknown>;
    await db
      .insert(providerSandboxRecords)
      .values({ provider, kind, id, body: record })
      .onConflictDoUpdate({
        target: [providerSandboxRecords.provider, providerSandboxRecords.kind, providerSandboxRecords.id],
        set: { body: record, updatedAt: new Date(now()) },
      });
  }

  /** Every record of a kind whose JSON field (text) has the value. */
  async function where<T>(kind: string, field: string, value: string): Promise<T[]> {
    const rows = await db
      .select({ body: providerSandboxRecords.body })
      .from(providerSandboxRecords)
      .where(and(ofKind(kind), sql`${providerSandboxRecords.body}->>${field} = ${value}`));
    return rows.map((r) => r.body as T);
  }

  /** Runs a changing call once per idempotency key: a repeat gets the first answer (a 5xx is not kept). */
  async function onceFor(key: string | null, work: () => Promise<Response>): Promise<Response> {
    if (!key) return work();
    const stored = await load<{ status: number; body: unknown }>('idempotency', key);
    if (stored) return jsonAnswer(stored.status, stored.body);
    const response = await work();
    const body: unknown = await response.clone().json();
    if (response.status < 500) await save('idempotency', key, { status: response.status, body });
    return response;
  }

  return { load, save, where, onceFor };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;

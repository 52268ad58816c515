/**
 * Who changes a booking. Every transition names one, and the audit log keeps it: a traveller
 * (signed in or a guest), a staff member, a partner acting for a traveller, or one of the server's
 * own jobs (the hold sweep, a paygate's webhook).
 */
export type Actor =
  | { kind: 'traveller'; userId: number | null }
  | { kind: 'staff'; userId: number }
  | { kind: 'partner'; partnerId: string }
  | { kind: 'system'; job: string };

export type ActorKind = Actor['kind'];

/** The actor's id as the audit log stores it (text: ids of different kinds share the column). */
export function actorId(actor: Actor): string | null {
  switch (actor.kind) {
    case 'traveller':
      return actor.userId === null ? null : String(actor.userId);
    case 'staff':
      return String(actor.userId);
    case 'partner':
      return actor.partnerId;
    case 'system':
      return actor.job;
  }
}

/** What every change carries besides its actor: why, and which request made it (to find its log line). */
export interface ChangeContext {
  actor: Actor;
  requestId?: string | null;
  reason?: string | null;
}

export const SYSTEM = {
  holdSweep: { actor: { kind: 'system', job: 'hold-sweep' } },
  releaseOnRead: { actor: { kind: 'system', job: 'release-on-read' } },
} as const satisfies Record<string, ChangeContext>;

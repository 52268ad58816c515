/**
 * What the server processes tell each other, and the shape of each message: the one place
 * topics are written down (like the domain events in src/server/events/kinds.ts). A message is
 * checked by its topic's zod schema when published and again when received, so a listener
 * never acts on a shape nobody wrote — a foreign or garbled NOTIFY is dropped and logged.
 *
 * Messages are hints, not the record: a process that was disconnected misses them, so each
 * listener can also find out from the database what changed (the search index still compares
 * `inventory_version` every few seconds).
 */
import { z } from 'zod';

export const topicMessages = {
  /** The network or its seats changed (a reseed, an edit, an import, sales closed): `version` is the new inventory_version. */
  inventory_changed: z.object({ version: z.number().int().nonnegative() }),
  /** Admin saved or deleted a white-label partner (issue 25): listeners reload the partner list. */
  partners_changed: z.object({ at: z.number().int().nonnegative() }),
  /** Admin changed a feature flag's variants or shares (issue 25): listeners reload the flag registry. */
  flags_changed: z.object({ at: z.number().int().nonnegative() }),
  /** Admin added or removed a route redirect (issue 25): listeners reload the redirect table. */
  redirects_changed: z.object({ at: z.number().int().nonnegative() }),
  /** Admin changed a page's search-engine texts or published a support article (issue 22): listeners reload the page overrides. */
  page_overrides_changed: z.object({ at: z.number().int().nonnegative() }),
  /** Admin changed a site setting (issue 22, src/server/settings/): listeners reload the settings. */
  settings_changed: z.object({ at: z.number().int().nonnegative() }),
  /** A chat line was written on a support case (issue 24 item 7): processes wake the chat readers long-polling that case. */
  chat_message: z.object({ caseId: z.number().int().positive(), id: z.number().int().positive() }),
} as const;

export type Topic = keyof typeof topicMessages;
export type TopicMessage<T extends Topic> = z.infer<(typeof topicMessages)[T]>;
export const TOPICS = Object.keys(topicMessages) as Topic[];

/** The wire name: a PostgreSQL channel and a Redis channel alike (lower case, no quoting needed). */
export function channelOf(topic: Topic): string {
  return `roamly_${topic}`;
}

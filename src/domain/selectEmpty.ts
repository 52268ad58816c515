/**
 * SPEC §9 "Select empty: emptyMessage followed by the typed query": what a select with a text box
 * says when nothing matches — the select's own empty message, then the query the traveller typed,
 * quoted and isolated, so a Latin query reads whole in an Arabic sentence and an Arabic one in
 * an English sentence. An empty query leaves the message alone (nothing was typed to quote).
 */
import { isolate } from './bidi.ts';

/** Longer queries are cut: the message names what was typed, it does not echo a pasted page. */
const MAX_QUOTED = 60;

export function selectEmptyText(emptyMessage: string, query: string): string {
  const typed = query.trim().replace(/\s+/g, ' ');
  if (typed === '') return emptyMessage;
  const shown = typed.length > MAX_QUOTED ? `${typed.slice(0, MAX_QUOTED)}…` : typed;
  return `${emptyMessage} ${isolate(`«${shown}»`)}`;
}

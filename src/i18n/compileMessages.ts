/**
 * ICU messages compiled to formatjs's AST on the server (issue 19 item 5), so islands format
 * plurals and selects without the ICU parser in their bundle. A plain text or `[name]` message
 * stays a string: it needs no parser, and a string is a fraction of an AST in the page's HTML.
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import type { IslandMessages } from './islandMessages.ts';
import { hasBracketPlaceholder } from './placeholders.ts';
import { pickMessages, type Messages } from './translate.ts';

/** Whether a message is ICU (braces and no bracket placeholder: src/i18n/README.md). */
export const isIcuMessage = (message: string): boolean => message.includes('{') && !hasBracketPlaceholder(message);

export function compileMessages(messages: Readonly<Record<string, string>>): IslandMessages {
  const compiled: Record<string, IslandMessages[string]> = {};
  for (const [key, message] of Object.entries(messages)) {
    if (!isIcuMessage(message)) {
      compiled[key] = message;
      continue;
    }
    try {
      compiled[key] = parse(message);
    } catch {
      // As on the server (formatMessage): a malformed message is shown raw, not a broken page.
      compiled[key] = message;
    }
  }
  return compiled;
}

/** The messages an island needs (pickMessages), compiled: what pages pass as the island's `messages`. */
export const islandMessages = (messages: Messages, prefixes: readonly string[]): IslandMessages =>
  compileMessages(pickMessages(messages, prefixes));

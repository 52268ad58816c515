/**
 * The messages an island receives: a string (plain text or `[name]` placeholders) or an ICU
 * message already compiled to formatjs's AST on the server (compileMessages.ts).
 */
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type IslandMessages = Readonly<Record<string, string | MessageFormatElement[]>>;

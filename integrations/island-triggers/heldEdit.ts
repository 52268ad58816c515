/**
 * What a key held by `client:interaction` while React hydrates does to a field's text (the
 * directive applies it itself, so React's reset of the field cannot lose it): typed text replaces
 * the selection, or goes in at the caret; Backspace removes the selection, or the character before
 * the caret. Where the caret is comes from the field; a field type without a selection API (email,
 * number) answers null there, and such an edit is left to the browser (see interaction.ts).
 */
export interface HeldEdit {
  value: string;
  /** Where the caret is after the edit. */
  caret: number;
}

export function heldEdit(
  value: string,
  selection: { start: number; end: number },
  edit: { inputType: string; data: string | null },
): HeldEdit | null {
  const start = Math.min(selection.start, selection.end, value.length);
  const end = Math.min(Math.max(selection.start, selection.end), value.length);
  if (edit.inputType === 'insertText') {
    const text = edit.data ?? '';
    return { value: value.slice(0, start) + text + value.slice(end), caret: start + text.length };
  }
  if (edit.inputType === 'deleteContentBackward') {
    // A selection goes as a whole; otherwise one UTF-16 unit before the caret (a surrogate pair whole).
    if (start !== end) return { value: value.slice(0, start) + value.slice(end), caret: start };
    if (start === 0) return { value, caret: 0 };
    const pair = start >= 2 && /[\uD800-\uDBFF][\uDC00-\uDFFF]$/.test(value.slice(start - 2, start));
    const from = start - (pair ? 2 : 1);
    return { value: value.slice(0, from) + value.slice(end), caret: from };
  }
  return null;
}

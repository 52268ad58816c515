import { describe, expect, it } from 'vitest';
import { heldEdit } from './heldEdit.ts';

const type = (data: string) => ({ inputType: 'insertText', data });
const backspace = { inputType: 'deleteContentBackward', data: null };

describe('heldEdit', () => {
  it('types at the caret', () => {
    expect(heldEdit('Anna', { start: 4, end: 4 }, type('s'))).toEqual({ value: 'Annas', caret: 5 });
    expect(heldEdit('Ana', { start: 2, end: 2 }, type('n'))).toEqual({ value: 'Anna', caret: 3 });
  });

  it('replaces a selected text instead of adding to it (a prefilled name typed over)', () => {
    expect(heldEdit('Somchai Jaidee', { start: 0, end: 14 }, type('S'))).toEqual({ value: 'S', caret: 1 });
    expect(heldEdit('Somchai Jaidee', { start: 0, end: 14 }, type('Somchai Jaidee Jr'))).toEqual({
      value: 'Somchai Jaidee Jr',
      caret: 17,
    });
  });

  it('deletes the selection, or the character before the caret', () => {
    expect(heldEdit('Anna Berg', { start: 4, end: 9 }, backspace)).toEqual({ value: 'Anna', caret: 4 });
    expect(heldEdit('Anna', { start: 4, end: 4 }, backspace)).toEqual({ value: 'Ann', caret: 3 });
    expect(heldEdit('Anna', { start: 0, end: 0 }, backspace)).toEqual({ value: 'Anna', caret: 0 });
    expect(heldEdit('a😀', { start: 3, end: 3 }, backspace)).toEqual({ value: 'a', caret: 1 });
  });

  it('leaves other edits to the browser', () => {
    expect(heldEdit('Anna', { start: 4, end: 4 }, { inputType: 'insertFromPaste', data: null })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { clientErrorKey, isIgnoredClientError } from './clientErrors.ts';

describe('the client error ignore list', () => {
  it('keeps a real error of the site', () => {
    expect(
      isIgnoredClientError({
        message: "Cannot read properties of undefined (reading 'trips')",
        stack: 'TypeError\n    at f (https://site/_astro/a.js:1:2)',
      }),
    ).toBe(false);
  });

  it.each([
    'Aborted by user',
    'AbortError: The user aborted a request.',
    'Script error.',
    '[GSI_LOGGER]: The given origin is not allowed',
    'ResizeObserver loop completed with undelivered notifications.',
    '',
  ])('drops the noise %j', (message) => {
    expect(isIgnoredClientError({ message })).toBe(true);
  });

  it('drops errors raised by browser extensions', () => {
    expect(isIgnoredClientError({ message: 'x is not defined', source: 'chrome-extension://abc/content.js' })).toBe(true);
    expect(isIgnoredClientError({ message: 'x is not defined', stack: 'ReferenceError\n    at y (moz-extension://abc/c.js:3:4)' })).toBe(
      true,
    );
  });

  it('folds repeats of one error into one key', () => {
    const a = { message: 'boom', stack: 'Error: boom\n    at f (a.js:1:2)' };
    expect(clientErrorKey(a)).toBe(clientErrorKey({ ...a }));
    expect(clientErrorKey(a)).not.toBe(clientErrorKey({ ...a, stack: 'Error: boom\n    at g (b.js:9:9)' }));
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError, fieldErrors } from './errors.ts';

const t = (key: string) => `text of ${key}`;

describe('the error envelope', () => {
  it('names the field of the union branch the input was meant for', () => {
    const reset = z.union([z.object({ token: z.string().min(10), password: z.string().min(8) }), z.object({ email: z.email() })]);
    const badToken = reset.safeParse({ token: [], password: 'long enough' });
    expect(badToken.success).toBe(false);
    if (!badToken.success) expect(Object.keys(fieldErrors(badToken.error))).toEqual(['token']);
    const badEmail = reset.safeParse({ email: 'nope' });
    if (!badEmail.success) expect(Object.keys(fieldErrors(badEmail.error))).toEqual(['email']);
  });

  it('carries fields found by other checks, and is never cached', async () => {
    const response = apiError(t, 'invalid_characters', { name: ['invalid_characters'] });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: { code: 'invalid_characters', message: 'text of apiError.invalid_characters', fields: { name: ['invalid_characters'] } },
    });
  });
});

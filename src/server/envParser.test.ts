import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEnvParser } from './envParser.ts';

const parse = createEnvParser(z.object({ PORT: z.coerce.number().int().default(4321), NAME: z.string().min(2).optional() }), 'See README.');

describe('createEnvParser', () => {
  it('parses only its own keys, treats empty strings as unset and applies defaults', () => {
    expect(parse({ PORT: '', NAME: 'ab', OTHER: 'ignored' })).toEqual({ PORT: 4321, NAME: 'ab' });
  });

  it('answers the same object while the values are unchanged, and re-parses when one changes', () => {
    const env = { PORT: '8080' };
    const first = parse(env);
    expect(parse({ PORT: '8080' })).toBe(first);
    env.PORT = '9090';
    expect(parse(env)).toEqual({ PORT: 9090 });
  });

  it('fails loudly, naming the variable and the hint', () => {
    expect(() => parse({ NAME: 'x' })).toThrow(/NAME:[\s\S]*See README\./);
  });
});

/**
 * Settings from the environment, parsed with zod so that a typo fails loudly — and parsed once.
 * Handlers read their settings on every request; re-running zod over the whole environment
 * each time showed up as a measurable share of the booking benchmark's CPU. The parser reads
 * only the schema's own keys and reuses the last answer while those values are unchanged, so
 * tests that set a variable still see the new value.
 */
import type { z } from 'zod';

type Env = Record<string, string | undefined>;

export function createEnvParser<Schema extends z.ZodObject>(schema: Schema, hint = ''): (env?: Env) => z.output<Schema> {
  const keys = Object.keys(schema.shape);
  let lastFingerprint: string | undefined;
  let last: z.output<Schema> | undefined;
  return (env = process.env) => {
    // Empty strings mean "unset" (a blank line in an .env file), not an invalid value.
    const picked: Record<string, string> = {};
    for (const key of keys) {
      const value = env[key];
      if (value !== undefined && value !== '') picked[key] = value;
    }
    const fingerprint = JSON.stringify(picked);
    if (last !== undefined && fingerprint === lastFingerprint) return last;
    const result = schema.safeParse(picked);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
      throw new Error(`Invalid environment configuration:\n${problems}${hint ? `\n${hint}` : ''}`);
    }
    lastFingerprint = fingerprint;
    last = result.data;
    return last;
  };
}

/**
 * A check for a settings schema holding secrets with public development defaults: a site served
 * over https (a real deployment, as SITE_URL says) is refused with them, because anyone could
 * forge what they sign with a value that is in the repository.
 */
export function refuseDevelopmentSecrets(defaults: Readonly<Record<string, string>>) {
  return (env: Record<string, unknown> & { SITE_URL?: string | undefined }, ctx: z.RefinementCtx): void => {
    if (!env.SITE_URL?.startsWith('https://')) return;
    for (const [name, value] of Object.entries(defaults)) {
      if (env[name] === value)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'set a secret of your own: the development value is refused for an https site',
        });
    }
  };
}

/**
 * Password hashing with scrypt at the OWASP parameters (N=2^17, r=8, p=1). scrypt needs
 * 128·N·r bytes = 128 MiB, above node's 32 MiB default `maxmem`, so that is raised. The stored
 * form carries its parameters, so they can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ENVIRONMENT } from '../../config/environment.ts';
import { createEnvParser } from '../envParser.ts';

/** OWASP's scrypt cost; PASSWORD_SCRYPT_LOG2N may lower it for test suites, never for an https site. */
const PRODUCTION_LOG2N = 17;
const passwordEnv = createEnvParser(
  ENVIRONMENT.pick({ PASSWORD_SCRYPT_LOG2N: true, SITE_URL: true }).superRefine((env, ctx) => {
    if (env.SITE_URL?.startsWith('https://') && env.PASSWORD_SCRYPT_LOG2N < PRODUCTION_LOG2N)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_SCRYPT_LOG2N'],
        message: `an https site hashes passwords at ${String(PRODUCTION_LOG2N)} or more`,
      });
  }),
);
const params = () => ({ N: 2 ** passwordEnv().PASSWORD_SCRYPT_LOG2N, r: 8, p: 1 });
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

function options(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 128 * N * r * 2 };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params();
  const key = await scrypt(password, salt, options(N, r, p));
  return `scrypt$${String(N)}$${String(r)}$${String(p)}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), options(Number(n), Number(r), Number(p)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password nobody knows, made once per process with the current parameters,
 * so checking against it costs what a real check costs.
 */
let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account (or no password), so the
 * response time does not tell an attacker which emails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64'));
  await verifyPassword(password, await dummyHash);
  return false;
}

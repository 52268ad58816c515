/**
 * Password hashing with scrypt at the OWASP parameters (N=2^17, r=8, p=1). scrypt needs
 * 128·N·r bytes = 128 MiB, above node's 32 MiB default `maxmem`, so that is raised. The stored
 * form carries its parameters, so they can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
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
  const key = await scrypt(password, salt, options(PARAMS.N, PARAMS.r, PARAMS.p));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), options(Number(n), Number(r), Number(p)));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password nobody knows (generated once, offline), with today's parameters,
 * so checking against it costs what a real check costs.
 */
const DUMMY_HASH = 'scrypt$131072$8$1$R75v0wS7I1wFRWp5XNEDUw==$z2KST858qP3DUJrqQqsXha0c2vQ0RDgyVRT7NUtfjH8=';

/**
 * Spends the time of a real verification when there is no account (or no password), so the
 * response time does not tell an attacker which emails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

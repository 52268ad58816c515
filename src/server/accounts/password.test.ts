import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

const withEnv = async <T>(env: Record<string, string>, work: () => Promise<T>): Promise<T> => {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) Reflect.deleteProperty(process.env, k);
      else process.env[k] = v;
    }
  }
};

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await withEnv({ PASSWORD_SCRYPT_LOG2N: '17' }, () => hashPassword('correct horse battery'));
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('salts every hash, so equal passwords do not give equal hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('hashes at the test cost when told to, verifies either cost, and an https site refuses a cost below OWASP’s', async () => {
    const cheap = await withEnv({ PASSWORD_SCRYPT_LOG2N: '14' }, () => hashPassword('correct horse battery'));
    expect(cheap).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await withEnv({ PASSWORD_SCRYPT_LOG2N: '17' }, () => verifyPassword('correct horse battery', cheap))).toBe(true);
    await expect(withEnv({ PASSWORD_SCRYPT_LOG2N: '14', SITE_URL: 'https://roamly.example' }, () => hashPassword('x'))).rejects.toThrow(
      /PASSWORD_SCRYPT_LOG2N/,
    );
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { assertAnswer, unlistedFields } from './declared.ts';

const ping = new URL('https://roamly.example/api/nuxt/en/ping');
const json = (body: unknown, type = 'application/json; charset=utf-8') =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': type } });

describe('success answers under the test runner (declared.ts)', () => {
  // The operation list imports every feature: loaded once here, not inside the first test's time.
  beforeAll(() => import('./openapi.ts'));

  it('lets through an answer its schema describes', async () => {
    await expect(assertAnswer(ping, 'GET', json({ pong: true, time: '2030-01-15T10:00:00.000Z' }))).resolves.toBeUndefined();
  });

  it('fails an answer its schema does not allow', async () => {
    await expect(assertAnswer(ping, 'GET', json({ pong: 'yes', time: '2030-01-15T10:00:00.000Z' }))).rejects.toThrow(/does not allow/);
  });

  it('fails a field the schema does not list, which zod alone would drop without a word', async () => {
    await expect(assertAnswer(ping, 'GET', json({ pong: true, time: '2030-01-15T10:00:00.000Z', server: 'eu-1' }))).rejects.toThrow(
      /does not list: \$\.server/,
    );
  });

  it('fails an answer in another media type than the one declared', async () => {
    await expect(assertAnswer(ping, 'GET', json({ pong: true, time: '2030-01-15T10:00:00.000Z' }, 'text/html'))).rejects.toThrow(
      /not the `application\/json`/,
    );
  });

  it('names the path of every unlisted key, inside arrays too', () => {
    expect(unlistedFields({ a: [{ b: 1, c: 2 }], d: 3 }, { a: [{ b: 1 }], d: 3 })).toEqual(['$.a[0].c']);
    expect(unlistedFields({ a: { b: null } }, { a: { b: null } })).toEqual([]);
  });
});

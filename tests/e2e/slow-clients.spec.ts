/**
 * A client that never finishes its request does not hold a connection for node's defaults
 * (60 s for the headers, 300 s for the request): the server closes it after its own timeouts
 * (scripts/lib/requestRules.ts). No browser: a raw socket.
 */
import { connect } from 'node:net';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT || 4322);

/** Opens a connection, sends `partial` and resolves with how long the server kept it open. */
function heldFor(partial: string, giveUpAfterMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(PORT, '127.0.0.1', () => socket.write(partial));
    socket.on('data', () => undefined);
    socket.on('close', () => {
      resolve(Date.now() - started);
    });
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(Number.POSITIVE_INFINITY);
    }, giveUpAfterMs).unref();
  });
}

test('a request whose headers never end is cut off after about 10 s', async () => {
  test.setTimeout(60_000);
  const held = await heldFor('GET /en HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 30_000);
  expect(held).toBeGreaterThan(9_000);
  expect(held).toBeLessThan(15_000);
});

test('a body that never arrives is cut off after about 30 s', async () => {
  test.setTimeout(90_000);
  const held = await heldFor(
    'POST /api/nuxt/en/user HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    60_000,
  );
  expect(held).toBeGreaterThan(25_000);
  expect(held).toBeLessThan(35_000);
});

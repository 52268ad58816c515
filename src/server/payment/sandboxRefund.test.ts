import { describe, expect, it } from 'vitest';
import { attemptKey } from './refunds.ts';
import { sandboxCardGateway } from './sandbox.ts';

describe('the sandbox card gateway’s refunds', () => {
  const key = 'refund:41:7';

  it('refund any ordinary amount at once, named after the key', async () => {
    expect(await sandboxCardGateway.refund('sbx_x', { amountMinor: 1200, currency: 'THB', idempotencyKey: key })).toEqual({
      refundRef: `sbx_rf_${key}`,
      state: 'succeeded',
    });
  });

  it('decline the test amount ending in .13 on its first attempt, and take the retry', async () => {
    await expect(
      sandboxCardGateway.refund('sbx_x', { amountMinor: 1213, currency: 'THB', idempotencyKey: attemptKey(key, 1) }),
    ).rejects.toMatchObject({
      code: 'sandbox_refund_declined',
    });
    expect(
      await sandboxCardGateway.refund('sbx_x', { amountMinor: 1213, currency: 'THB', idempotencyKey: attemptKey(key, 2) }),
    ).toMatchObject({
      state: 'succeeded',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parsePaymentEnv } from './config.ts';

describe('payment secrets', () => {
  it('run the sandbox with development secrets on a local site', () => {
    expect(parsePaymentEnv({ SITE_URL: 'http://localhost:4321' }).PAYMENT_WEBHOOK_SECRET).toBe('sandbox-webhook-secret-for-development');
    expect(parsePaymentEnv({}).SANDBOX_GATEWAY_SECRET).toBe('sandbox-gateway-secret-for-development');
  });

  it('refuse the public development secrets on an https site', () => {
    expect(() => parsePaymentEnv({ SITE_URL: 'https://roamly.example' })).toThrow(/PAYMENT_WEBHOOK_SECRET: set a secret of your own/);
    const own = {
      SITE_URL: 'https://roamly.example',
      PAYMENT_WEBHOOK_SECRET: 'a-real-webhook-secret-0123456789',
      SANDBOX_GATEWAY_SECRET: 'a-real-gateway-secret-0123456789',
    };
    expect(parsePaymentEnv(own).SANDBOX_GATEWAY_SECRET).toBe('a-real-gateway-secret-0123456789');
  });
});

import { describe, expect, it } from 'vitest';
import { parseBookingEnv } from './config.ts';

describe('parseBookingEnv', () => {
  it('holds seats 20 minutes unless HOLD_MINUTES says otherwise', () => {
    expect(parseBookingEnv({}).HOLD_MINUTES).toBe(20);
    expect(parseBookingEnv({ HOLD_MINUTES: '' }).HOLD_MINUTES).toBe(20);
    expect(parseBookingEnv({ HOLD_MINUTES: '5' }).HOLD_MINUTES).toBe(5);
  });

  it('names the variable when the value is not a sensible number of minutes', () => {
    expect(() => parseBookingEnv({ HOLD_MINUTES: 'soon' })).toThrow(/HOLD_MINUTES/);
    expect(() => parseBookingEnv({ HOLD_MINUTES: '0' })).toThrow(/HOLD_MINUTES/);
  });
});

import { describe, expect, it } from 'vitest';
import { armedCrashPoint } from './crashPoints.ts';

describe('armedCrashPoint', () => {
  it('arms a point only with the test-only switch', () => {
    expect(armedCrashPoint({ CRASH_POINT: 'mid-webhook' })).toBeUndefined();
    expect(armedCrashPoint({ CRASH_POINTS_ENABLED: 'test' })).toBeUndefined();
    expect(armedCrashPoint({ CRASH_POINTS_ENABLED: 'test', CRASH_POINT: 'mid-webhook' })).toBe('mid-webhook');
    expect(armedCrashPoint({})).toBeUndefined();
  });

  it('refuses an unknown point or switch value instead of silently never firing', () => {
    expect(() => armedCrashPoint({ CRASH_POINTS_ENABLED: 'test', CRASH_POINT: 'mid-webhok' })).toThrow();
    expect(() => armedCrashPoint({ CRASH_POINTS_ENABLED: 'yes', CRASH_POINT: 'mid-webhook' })).toThrow();
  });
});

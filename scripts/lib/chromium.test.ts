import { describe, expect, it } from 'vitest';
import { installPlan } from './chromium.ts';

const debianUser = { isRoot: false, hasAptGet: true, hasPasswordlessSudo: false, customPath: false };

describe('installPlan', () => {
  it('does nothing when Chromium is there', () => {
    expect(installPlan(true, { ...debianUser, isRoot: true })).toEqual({ kind: 'present' });
  });

  it('installs as root without sudo', () => {
    expect(installPlan(false, { ...debianUser, isRoot: true })).toEqual({ kind: 'install', prefix: [] });
  });

  it('installs through sudo when sudo needs no password', () => {
    expect(installPlan(false, { ...debianUser, hasPasswordlessSudo: true })).toEqual({ kind: 'install', prefix: ['sudo', '-n'] });
  });

  it('asks the user to install it when sudo wants a password', () => {
    const plan = installPlan(false, debianUser);
    expect(plan.kind === 'manual' && plan.reason).toContain('password');
  });

  it('does not install over a CHROMIUM_PATH the user chose', () => {
    expect(installPlan(false, { ...debianUser, isRoot: true, customPath: true })).toMatchObject({ kind: 'manual' });
  });

  it('does not try apt-get on a machine without it', () => {
    const plan = installPlan(false, { ...debianUser, isRoot: true, hasAptGet: false });
    expect(plan.kind === 'manual' && plan.reason).toContain('apt-get');
  });
});

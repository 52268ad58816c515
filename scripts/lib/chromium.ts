/**
 * The browser tests run in Debian's Chromium (no browser downloads reach this network). A fresh
 * machine does not have it, so `npm test` installs it the way `.ci/run` used to: as root, or
 * through sudo when sudo needs no password. Where neither works it prints the exact command and
 * the browser tests are counted as not run rather than failed.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium';

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type InstallPlan =
  | { kind: 'present' }
  /** The prefix runs apt-get with root rights: nothing as root, `sudo -n` otherwise. */
  | { kind: 'install'; prefix: string[] }
  | { kind: 'manual'; reason: string };

interface Machine {
  isRoot: boolean;
  hasAptGet: boolean;
  hasPasswordlessSudo: boolean;
  /** A CHROMIUM_PATH the user chose is theirs to provide: we only install Debian's default. */
  customPath: boolean;
}

/** What to do about the browser, decided from facts about the machine (pure, unit-tested). */
export function installPlan(present: boolean, machine: Machine): InstallPlan {
  if (present) return { kind: 'present' };
  if (machine.customPath) return { kind: 'manual', reason: 'CHROMIUM_PATH points to a file that is not an executable' };
  if (!machine.hasAptGet) return { kind: 'manual', reason: 'this machine has no apt-get (Debian or Ubuntu is expected)' };
  if (machine.isRoot) return { kind: 'install', prefix: [] };
  if (machine.hasPasswordlessSudo) return { kind: 'install', prefix: ['sudo', '-n'] };
  return { kind: 'manual', reason: 'installing it needs root, and sudo asks for a password' };
}

function succeeds(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

function probeMachine(env: NodeJS.ProcessEnv): Machine {
  return {
    isRoot: process.getuid?.() === 0,
    hasAptGet: succeeds('sh', ['-c', 'command -v apt-get']),
    hasPasswordlessSudo: succeeds('sudo', ['-n', 'true']),
    customPath: Boolean(env.CHROMIUM_PATH) && env.CHROMIUM_PATH !== DEFAULT_CHROMIUM_PATH,
  };
}

/**
 * Makes sure Chromium is there, installing Debian's package when it can.
 * Returns the reason the browser tests cannot run, or null when they can.
 */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = chromiumPath(env);
  const plan = installPlan(isExecutable(path), probeMachine(env));
  if (plan.kind === 'present') return null;
  if (plan.kind === 'manual') return `Chromium is missing at ${path}: ${plan.reason}.`;

  console.log(`Chromium is missing at ${path}: installing Debian's package (apt-get install chromium)…`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) => {
    const [command = 'apt-get', ...rest] = [...plan.prefix, 'apt-get', ...args];
    return spawnSync(command, rest, { stdio: 'inherit', env: aptEnv }).status === 0;
  };
  const installed = apt(['update', '-qq']) && apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  if (installed && isExecutable(path)) return null;
  return `installing Chromium with apt-get failed (see above), and ${path} is still missing.`;
}

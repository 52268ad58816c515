/**
 * Which browser errors are worth keeping (issue 25 item 5, SPEC §8 "error reporting ignores…").
 * Noise that says nothing about the site is dropped in the browser, before it is queued: errors
 * thrown by browser extensions, aborted requests, third-party sign-in refusals, cross-origin
 * "Script error." with no detail, and the empty-stack signature of a ResizeObserver loop.
 */

/** Messages (lower-cased substrings) SPEC §8 and common browsers' noise make us ignore. */
const IGNORED_MESSAGES = [
  'aborted by user', // our own abort (SPEC §8)
  'aborterror',
  'the user aborted a request',
  'the operation was aborted',
  'signal is aborted',
  '[gsi_logger]', // the sign-in library's logger message
  'user dismissed', // the traveller closed the third-party sign-in prompt
  'user declined',
  'third-party sign in',
  'third-party sign-in has been disabled',
  'fedcm was disabled',
  'provided undefined',
  'resizeobserver loop', // the browser's own layout notice, not a failure
];

/** Where extension code runs from: an error raised there is not ours. */
const EXTENSION_SOURCES = /^(?:chrome|moz|safari(?:-web)?|ms-browser)-extension:|^webkit-masked-url:/;

export interface ClientErrorReport {
  message: string;
  stack?: string | undefined;
  /** The script URL the error was raised in, when known. */
  source?: string | undefined;
}

export function isIgnoredClientError(report: ClientErrorReport): boolean {
  const message = report.message.trim().toLowerCase();
  if (message === '' || message === 'script error.' || message === 'script error') return true;
  if (IGNORED_MESSAGES.some((part) => message.includes(part))) return true;
  if (report.source && EXTENSION_SOURCES.test(report.source)) return true;
  // A stack whose every frame is in an extension was not raised by the site either.
  const frames = (report.stack ?? '').split('\n').filter((line) => /:\d+:\d+\)?$/.test(line.trim()));
  return frames.length > 0 && frames.every((line) => /(?:chrome|moz|safari(?:-web)?)-extension:/.test(line));
}

/** A report's identity within one batch: the same error repeated is sent once with a count. */
export function clientErrorKey(report: ClientErrorReport): string {
  return `${report.message}\n${report.source ?? ''}\n${(report.stack ?? '').split('\n', 2)[1] ?? ''}`;
}

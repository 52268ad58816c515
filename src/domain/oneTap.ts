/**
 * Whether a page offers Google one-tap sign-in (SPEC §2: "not shown on checkout or pay routes and
 * only for logged-out users"). Pure, so the rule is tested here and the header's small script
 * only feeds it what the browser knows. No client id configured → never: by default the site
 * loads no third-party script at all.
 */

export interface OneTapContext {
  /** GOOGLE_CLIENT_ID, the same setting as "Sign in with Google"; empty/undefined = off. */
  clientId: string | null | undefined;
  /** location.pathname, e.g. /en/checkout/abc/step/passengers. */
  pathname: string;
  /** A display cookie says someone is signed in (a ticket-link session counts: they have an account context). */
  signedIn: boolean;
}

/**
 * First path segments (after /{lang}) where one-tap never shows. checkout and pay come from the
 * SPEC ("pay" also covers payment-status and paygates: `/pay*`); login has its own Google button,
 * and a second prompt there would initialise Google Identity Services twice.
 */
const EXCLUDED_SEGMENT = /^(checkout|pay|login)/;

export function oneTapEligible(ctx: OneTapContext): boolean {
  if (!ctx.clientId || ctx.signedIn) return false;
  const segment = ctx.pathname.split('/').filter(Boolean)[1] ?? '';
  return !EXCLUDED_SEGMENT.test(segment);
}

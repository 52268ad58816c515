/**
 * The post-login target (`ref`, SPEC §2/§4): the site's one safe-return-path rule, so that the
 * login page is never an open redirect (src/domain/safeReturnPath.ts).
 */
import { safeReturnPath } from '../safeReturnPath.ts';

export const safeRef: (ref: string | null | undefined) => string | null = safeReturnPath;

/** The login page for a language, carrying where to come back to. */
export function loginPath(lang: string, ref: string | null): string {
  return ref ? `/${lang}/login?ref=${encodeURIComponent(ref)}` : `/${lang}/login`;
}

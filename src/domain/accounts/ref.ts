/**
 * The post-login target (`ref`, SPEC §2/§4). Only a path on this site is accepted: an absolute
 * or protocol-relative URL would make the login page an open redirect.
 */
export function safeRef(ref: string | null | undefined): string | null {
  if (!ref) return null;
  if (ref.length > 2000) return null;
  if (!ref.startsWith('/') || ref.startsWith('//') || ref.includes('\\')) return null;
  // Control characters and whitespace never belong in a path we would navigate to.
  for (let i = 0; i < ref.length; i++) if (ref.charCodeAt(i) < 0x20) return null;
  if (/\s/.test(ref)) return null;
  return ref;
}

/** The login page for a language, carrying where to come back to. */
export function loginPath(lang: string, ref: string | null): string {
  return ref ? `/${lang}/login?ref=${encodeURIComponent(ref)}` : `/${lang}/login`;
}

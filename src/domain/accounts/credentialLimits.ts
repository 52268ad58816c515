/**
 * The limits of a valid email and password (SPEC §5 email rule; OWASP length limits), without
 * zod: the login and profile islands put them on their inputs (`minLength`, `maxLength`,
 * `type="email"`) and let the browser check them, so no validation library ships to the browser.
 * `credentials.ts` builds the server's schemas from the same numbers.
 */
export const PASSWORD_MIN = 8;
/** The upper bound keeps a hash request from costing the server more than a real password would. */
export const PASSWORD_MAX = 128;
/** RFC 5321's limit on an address. */
export const EMAIL_MAX = 254;

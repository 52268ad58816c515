/**
 * Percent-decoding that never throws. Astro hands pages their path and parameters already
 * decoded once; decoding such a value again turns a literal `%` (sent as `%25`) into a URIError
 * and a 500. Use these where a value may or may not still be encoded.
 */

/** The decoded text, or undefined when the value is not valid percent-encoding. */
export function decodeComponentOrUndefined(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A path for people to read: decoded when it can be, else as it came. */
export function pathForDisplay(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

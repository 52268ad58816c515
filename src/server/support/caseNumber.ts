/** The number a traveller quotes for a case (the contact form's and the chat's cases alike). */
import { randomBytes } from 'node:crypto';

export function newCaseNumber(): string {
  // 8 characters of Crockford's base 32: short to read out on the phone, no 0/O or 1/I confusion.
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  return `SC-${[...randomBytes(8)].map((b) => alphabet[b % 32]).join('')}`;
}

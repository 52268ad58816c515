/**
 * Attachments for support cases (POST /{lang}/file/upload, SPEC §5/§7): the body is the file.
 *
 * - The type is decided by the bytes (file-type reads the magic numbers), never by the name or the
 *   Content-Type the browser sent: a renamed executable is refused however it is called.
 * - Only images (PNG, JPEG, WebP, GIF) and PDF. Images are decoded and re-encoded by sharp, which
 *   drops EXIF/XMP/ICC metadata (a phone photo's GPS position) and anything hidden after the
 *   image data; a file that claims to be an image but does not decode is refused.
 * - Files go to SUPPORT_UPLOAD_DIR under a random name, outside the served folder: they are read
 *   back only through `readAttachment`, which the pages call after checking who is asking.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { supportAttachments } from '../db/schema.ts';
import { ApiError } from '../api/errors.ts';
import { parseSupportEnv } from './config.ts';

/** What the content must be: the detected MIME type → how it is kept. */
const ACCEPTED = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
} as const;
export type AcceptedMime = keyof typeof ACCEPTED;
export const ACCEPTED_MIME_TYPES = Object.keys(ACCEPTED) as AcceptedMime[];

const isAccepted = (mime: string): mime is AcceptedMime => mime in ACCEPTED;

/** A display name without folders, control characters or anything a header could trip on. */
export function cleanFileName(raw: string | null | undefined, ext: string): string {
  let decoded = raw ?? '';
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // Not percent-encoded: keep it as it came.
  }
  const base = decoded.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  const stem = safe.replace(/\.[^.]*$/, '') || 'attachment';
  // The extension follows the content, so a "photo.exe" that is really a PNG is shown as photo.png.
  return `${stem}.${ext === 'jpeg' ? 'jpg' : ext}`;
}

export interface StoredUpload {
  token: string;
  name: string;
  mime: AcceptedMime;
  size: number;
}

/** Reads a request body up to `limit` bytes; undefined when it is longer. */
export async function readBodyWithin(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Re-encodes an image in its own format without metadata; undefined when it does not decode. */
async function reencodeImage(bytes: Buffer, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer | undefined> {
  try {
    // rotate() applies the EXIF orientation first, so dropping the metadata does not turn photos.
    return await sharp(bytes, { animated: format === 'gif' || format === 'webp' })
      .rotate()
      .toFormat(format)
      .toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * Checks and keeps one uploaded file. Refusals (nothing stored): `file_not_loaded` (empty),
 * `file_too_large` (over SUPPORT_UPLOAD_MAX_BYTES), `file_wrong_format` (not an accepted type by
 * its content, or an image that does not decode).
 */
export async function storeUpload(db: Db, bytes: Buffer, rawName: string | null | undefined): Promise<StoredUpload> {
  const env = parseSupportEnv();
  if (bytes.byteLength === 0) throw new ApiError('file_not_loaded');
  if (bytes.byteLength > env.SUPPORT_UPLOAD_MAX_BYTES) throw new ApiError('file_too_large');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isAccepted(detected.mime)) throw new ApiError('file_wrong_format');
  const mime = detected.mime;
  const format = ACCEPTED[mime];
  const kept = format === 'pdf' ? bytes : await reencodeImage(bytes, format);
  if (!kept) throw new ApiError('file_wrong_format');
  if (kept.byteLength > env.SUPPORT_UPLOAD_MAX_BYTES) throw new ApiError('file_too_large');

  const dir = resolve(env.SUPPORT_UPLOAD_DIR);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomUUID()}.${format}`;
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const temporary = join(dir, `${storedName}.part`);
  await writeFile(temporary, kept, { mode: 0o600 });
  await rename(temporary, join(dir, storedName));
  const name = cleanFileName(rawName, format);
  const [row] = await db
    .insert(supportAttachments)
    .values({ fileName: name, mime, size: kept.byteLength, storedName })
    .returning({ token: supportAttachments.token });
  if (!row) throw new Error('attachment row not written');
  return { token: row.token, name, mime, size: kept.byteLength };
}

export type AttachmentRow = typeof supportAttachments.$inferSelect;

export async function attachmentByToken(db: Db, token: string): Promise<AttachmentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return undefined;
  const [row] = await db.select().from(supportAttachments).where(eq(supportAttachments.token, token)).limit(1);
  return row;
}

/** The stored bytes of an attachment (the caller has checked who may read it). */
export async function readAttachment(row: AttachmentRow): Promise<Buffer> {
  return readFile(join(resolve(parseSupportEnv().SUPPORT_UPLOAD_DIR), row.storedName));
}

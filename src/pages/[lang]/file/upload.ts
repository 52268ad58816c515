/**
 * SPEC §7 POST /{lang}/file/upload: the body is the file (no API prefix, no cookies needed). The
 * answer is the upload's token, which support/send-case attaches to a case; refusals are the
 * error envelope with the SPEC §5 messages (not loaded, wrong format, size limit).
 */
import type { APIRoute } from 'astro';
import { uploadHttp } from '../../../server/support/uploadRoute.ts';

export const prerender = false;

export const POST: APIRoute = (context) => uploadHttp(context);

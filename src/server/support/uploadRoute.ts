/**
 * The handler of POST /{lang}/file/upload. It is a page route (outside /api/), so it reads the
 * body itself with the size limit; the original name may come in `X-File-Name` (percent-encoded)
 * and is only used for display. The type is decided by the content (uploads.ts).
 */
import type { APIContext } from 'astro';
import { ApiError } from '../api/errors.ts';
import { endpoint, json, NO_STORE } from '../api/http.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { parseSupportEnv } from './config.ts';
import { readBodyWithin, storeUpload } from './uploads.ts';

type Ctx = Pick<APIContext, 'request' | 'params' | 'url' | 'locals'>;

export function uploadHandler(database: () => Promise<Db>) {
  return endpoint(async (ctx: Ctx): Promise<Response> => {
    const limit = parseSupportEnv().SUPPORT_UPLOAD_MAX_BYTES;
    if (Number(ctx.request.headers.get('content-length') ?? 0) > limit) throw new ApiError('file_too_large');
    const bytes = await readBodyWithin(ctx.request.body, limit);
    if (!bytes) throw new ApiError('file_too_large');
    const stored = await storeUpload(await database(), bytes, ctx.request.headers.get('x-file-name'));
    return json({ file: stored }, 201, NO_STORE);
  });
}

export const uploadHttp = uploadHandler(async () => (await getDbHandle()).db);

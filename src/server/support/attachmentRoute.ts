/** The guarded read of a case attachment (see src/pages/[lang]/support/attachment.ts). */
import type { APIContext } from 'astro';
import { opGate } from '../ops/page.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { verifyCaseToken } from './links.ts';
import { requestSession } from './session.ts';
import { attachmentByToken, readAttachment } from './uploads.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store', 'content-type': 'text/plain' } });

export async function serveAttachment(
  context: Pick<APIContext, 'url' | 'request'>,
  database: () => Promise<Db> = async () => (await getDbHandle()).db,
): Promise<Response> {
  const caseId = Number(context.url.searchParams.get('c'));
  const token = context.url.searchParams.get('t');
  const traveller = token !== null && verifyCaseToken(caseId, token);
  const staff = !traveller && opGate(await requestSession(context.request), 'page.case').kind === 'allowed';
  // The same 404 for "not yours" and "not there": attachment tokens are not confirmed to strangers.
  if (!traveller && !staff) return notFound();
  const row = await attachmentByToken(await database(), context.url.searchParams.get('a') ?? '');
  if (row?.caseId !== caseId) return notFound();
  const bytes = await readAttachment(row);
  const disposition = row.mime === 'application/pdf' ? 'attachment' : 'inline';
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': row.mime,
      'content-length': String(bytes.byteLength),
      'content-disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  });
}

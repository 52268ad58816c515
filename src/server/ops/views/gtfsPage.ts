/**
 * The view model of /{lang}/op/gtfs: the network's feed for download (`gtfs.export`), an upload's
 * dry run (`?upload=`), what an apply did (`?applied=`); POST uploads a feed or applies a dry run's
 * plan with its digest (`gtfs.import`).
 */
import type { MessageKey } from '../../../i18n/messageKeys.ts';
import { parseServerEnv } from '../../config.ts';
import { getDbHandle } from '../../db/index.ts';
import {
  applyForm,
  applyUpload,
  checkUpload,
  dryRunUpload,
  exportNetworkFeed,
  GTFS_UPLOAD_MAX_BYTES,
  storeUpload,
  uploadIdSchema,
  type ApplyOutcome,
  type UploadDryRun,
} from '../gtfs.ts';
import { opGate } from '../page.ts';
import { opPath, pageView, redirectTo, type OpAstro } from './opView.ts';

/** The network's feed as a zip download, for a staff member who may export it. */
function feedDownload(zip: Uint8Array, now: Date) {
  const response = new Response(Buffer.from(zip), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="roamly-gtfs-${now.toISOString().slice(0, 10)}.zip"`,
      'cache-control': 'private, no-store',
    },
  });
  return { kind: 'download', response } as const;
}

export async function gtfsPage(astro: OpAstro) {
  const { session, requestId } = astro.locals;
  let gate = opGate(session, 'page.gtfs');
  const self = opPath(astro, 'gtfs');
  const { db } = await getDbHandle();
  let status = 200;
  let errorKey: MessageKey | undefined;
  let outcome: ApplyOutcome | undefined;
  let dryRun: UploadDryRun | null = null;

  if (gate.kind === 'allowed' && astro.request.method === 'GET' && astro.url.searchParams.get('download') === 'feed') {
    const exportGate = opGate(session, 'gtfs.export');
    if (exportGate.kind === 'allowed')
      return feedDownload(await exportNetworkFeed(db, exportGate.staff, parseServerEnv().SITE_URL), new Date());
    gate = exportGate;
  }

  if (gate.kind === 'allowed' && astro.request.method === 'POST') {
    const actionGate = opGate(session, 'gtfs.import');
    if (actionGate.kind !== 'allowed') gate = actionGate;
    else {
      const form = await astro.request.formData().catch(() => undefined);
      const intent = form?.get('intent');
      if (intent === 'upload') {
        const file = form?.get('feed');
        const bytes = file instanceof File && file.size <= GTFS_UPLOAD_MAX_BYTES ? new Uint8Array(await file.arrayBuffer()) : undefined;
        const refusal = bytes ? checkUpload(bytes) : file instanceof File && file.size > 0 ? 'too_large' : 'empty';
        if (bytes && refusal === null) {
          const id = await storeUpload(db, actionGate.staff, file instanceof File ? file.name : 'feed.zip', bytes);
          return redirectTo(`${self}?upload=${id}#op-gtfs-dry-run`);
        }
        status = refusal === 'too_large' ? 413 : 400;
        errorKey = `op.gtfs.error.${refusal ?? 'empty'}`;
      } else {
        const input = applyForm.safeParse(Object.fromEntries(form ?? []));
        if (!input.success) {
          status = 400;
          errorKey = 'op.error.invalid';
        } else {
          outcome = await applyUpload(db, actionGate.staff, input.data.upload, input.data.digest, requestId ?? null);
          if (outcome.result === 'applied')
            return redirectTo(
              `${self}?applied=${String(outcome.imported.added)}.${String(outcome.imported.changed)}.${String(outcome.imported.removed)}`,
            );
          status = outcome.result === 'unknown_upload' ? 404 : 409;
          if (outcome.result === 'plan_changed') dryRun = outcome.dryRun;
        }
      }
    }
  }
  const uploadId = uploadIdSchema.safeParse(astro.url.searchParams.get('upload'));
  if (gate.kind === 'allowed' && !dryRun && uploadId.success) {
    const importGate = opGate(session, 'gtfs.import');
    dryRun = importGate.kind === 'allowed' ? await dryRunUpload(db, importGate.staff, uploadId.data) : null;
    if (!dryRun) status = 404;
  }
  return pageView(gate, { errorKey, outcome, dryRun }, status);
}

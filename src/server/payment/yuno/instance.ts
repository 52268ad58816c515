/** The process's Yuno sandbox: the server's database, the real clock, the shop's webhook URL. */
import { siteOrigin } from '../../config.ts';
import { yunoSettings } from './config.ts';
import { createYunoSandbox, YUNO_WEBHOOK_PATH, type YunoSandbox } from './sandbox.ts';

let sandbox: YunoSandbox | undefined;

export async function yunoSandbox(): Promise<YunoSandbox> {
  if (!sandbox) {
    const { db } = await import('../../db/index.ts').then((m) => m.getDbHandle());
    sandbox = createYunoSandbox({ db, settings: () => yunoSettings(), webhookUrl: () => `${siteOrigin()}${YUNO_WEBHOOK_PATH}` });
  }
  return sandbox;
}

/** The process's finAPI sandbox: the server's database, the real clock, its own web form pages. */
import { finapiSettings } from './config.ts';
import { createFinapiSandbox, type FinapiSandbox } from './sandbox.ts';

let sandbox: FinapiSandbox | undefined;

export async function finapiSandbox(): Promise<FinapiSandbox> {
  if (!sandbox) {
    const { db } = await import('../../db/index.ts').then((m) => m.getDbHandle());
    sandbox = createFinapiSandbox({
      db,
      settings: () => finapiSettings(),
      webFormPageUrl: (id) => `${finapiSettings().webFormUrl}/webform/${id}`,
    });
  }
  return sandbox;
}

/**
 * SPEC §7 `GET unsubscribe {type, email, hash}` and its RFC 8058 one-click twin: a POST to the
 * same URL (the `List-Unsubscribe` header of every non-transactional mail) with the form body
 * `List-Unsubscribe=One-Click`, sent by the mail client without cookies or an Origin the site
 * knows — the signed hash is the whole proof (accounts middleware lets this path through its
 * cross-site check for that reason). Both record the opt-out of that mail type only.
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject } from '../api/http.ts';
import type { Db } from '../db/client.ts';
import { optOutByLink, unsubscribeQuery, type OptOutVia } from './preferences.ts';

type Ctx = Pick<APIContext, 'url' | 'request' | 'locals'>;

/** RFC 8058 §3.1: the one-click POST carries exactly this form field. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

async function formBody(request: Request): Promise<Record<string, unknown>> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    return {};
  }
}

export function createMailPreferencesApi(options: { db?: Db; now?: () => number } = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  async function unsubscribe(ctx: Ctx, via: OptOutVia): Promise<Response> {
    const link = parseInput(unsubscribeQuery, queryObject(ctx.url), 'invalid_unsubscribe_link');
    if (!(await optOutByLink(await database(), link, via, new Date(now())))) throw new ApiError('invalid_unsubscribe_link');
    return json({ unsubscribed: true, type: link.type }, 200, NO_STORE);
  }

  return endpoints({
    get: (ctx: Ctx) => unsubscribe(ctx, 'link'),
    async oneClick(ctx: Ctx): Promise<Response> {
      parseInput(oneClickBody, await formBody(ctx.request), 'invalid_unsubscribe_link');
      return unsubscribe(ctx, 'one_click');
    },
  });
}

export const mailPreferencesApi = createMailPreferencesApi();

/** SPEC §7 legal/terms/{slug}: a terms document (`general` is the site's terms). */
import type { APIRoute } from 'astro';
import { contentApi } from '../../../../../../server/content/api.ts';

export const prerender = false;

export const GET: APIRoute = (context) => contentApi.terms(context);

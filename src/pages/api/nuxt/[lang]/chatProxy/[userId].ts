/** SPEC §7 chatProxy/{userId}: the live chat with Support — GET reads (long-poll), POST writes a line. */
import type { APIRoute } from 'astro';
import { chatHttp } from '../../../../../server/support/chatApi.ts';

export const prerender = false;

export const GET: APIRoute = (context) => chatHttp().read(context);
export const POST: APIRoute = (context) => chatHttp().post(context);

/**
 * GET /{lang}/support/attachment?c=&a=[&t=]: one attachment of a support case, only for the case's
 * traveller (the signed thread link's `t`) or staff allowed to see cases (operators-area session).
 * The file is sent as stored (images already re-encoded) with its checked type, never sniffed,
 * and under a policy that runs nothing.
 */
import type { APIRoute } from 'astro';
import { serveAttachment } from '../../../server/support/attachmentRoute.ts';

export const prerender = false;

export const GET: APIRoute = (context) => serveAttachment(context);

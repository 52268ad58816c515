/**
 * SPEC §7 `admin/proxy` (issue 22): what a partner's host or an app sees for a request, for
 * debugging. Staff name a path and a partner (or one of its hosts) and a client platform; the
 * server asks itself for that path with the partner's Host and the platform header, without the
 * staff member's cookies (an anonymous visitor's view), and answers what came back: status,
 * headers, body. The request always goes to this site's own origin (never to the host named),
 * so the call cannot be turned on other machines; only GET is proxied, so it changes nothing.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CLIENT_HEADER, CLIENT_PLATFORMS } from '../../domain/featureFlags.ts';
import { ApiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { partnerHosts, partners } from '../db/schema.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';

export const proxyQuery = z
  .object({
    path: z
      .string()
      .max(2000)
      .regex(/^\/(?!\/)[^\s\\]*$/, 'expected a path of this site, starting with a single /'),
    partner: z
      .string()
      .regex(/^[a-z0-9-]{1,60}$/)
      .optional(),
    host: z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]{1,253}(?::\d{1,5})?$/)
      .optional(),
    client: z.enum(CLIENT_PLATFORMS).default('web'),
  })
  .refine((q) => !(q.partner && q.host), { message: 'partner_or_host', path: ['host'] });
export type ProxyQuery = z.output<typeof proxyQuery>;

/** Headers worth showing (the rest are the same on every answer). */
const SHOWN_HEADERS = ['content-type', 'cache-control', 'location', 'vary', 'content-language', 'set-cookie', 'x-request-id'];
const MAX_BODY = 200_000;
const TIMEOUT_MS = 10_000;

export interface ProxyDeps {
  db: Db;
  /** The site's own origin (SITE_URL), where the request is sent. */
  origin: string;
}

interface Upstream {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  truncated: boolean;
}

function fetchAs(origin: URL, path: string, host: string, client: string): Promise<Upstream> {
  const send = origin.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        hostname: origin.hostname,
        port: origin.port || undefined,
        path,
        method: 'GET',
        // The server (and Node's TLS for https) sees the partner's host; no cookie of the caller goes along.
        headers: { host, [CLIENT_HEADER]: client, accept: 'application/json, text/html;q=0.9, */*;q=0.5', 'accept-encoding': 'identity' },
        servername: origin.hostname,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_BODY) {
            truncated = true;
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: body.length > MAX_BODY ? body.slice(0, MAX_BODY) : body,
            truncated: truncated || body.length > MAX_BODY,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

async function partnerOf(db: Db, query: ProxyQuery, siteHost: string) {
  if (query.partner) {
    const rows = await db
      .select({ id: partners.id, slug: partners.slug, title: partners.title, host: partnerHosts.host })
      .from(partners)
      .leftJoin(partnerHosts, eq(partnerHosts.partnerId, partners.id))
      .where(eq(partners.slug, query.partner))
      .orderBy(partnerHosts.host);
    const first = rows[0];
    if (!first) throw new ApiError('invalid_admin_input', { fields: { partner: ['unknown_partner'] } });
    if (!first.host) throw new ApiError('invalid_admin_input', { fields: { partner: ['partner_has_no_host'] } });
    return { host: first.host, partner: { id: first.id, slug: first.slug, title: first.title } };
  }
  if (!query.host || query.host === siteHost) return { host: siteHost, partner: null };
  const [row] = await db
    .select({ id: partners.id, slug: partners.slug, title: partners.title })
    .from(partnerHosts)
    .innerJoin(partners, eq(partners.id, partnerHosts.partnerId))
    .where(eq(partnerHosts.host, query.host.replace(/:\d+$/, '')));
  // Only the site's own host and partners' hosts: anything else is not a view of this site.
  if (!row) throw new ApiError('invalid_admin_input', { fields: { host: ['unknown_host'] } });
  return { host: query.host, partner: row };
}

export async function proxyAs(deps: ProxyDeps, staff: StaffMember, query: ProxyQuery) {
  assertMay(staff, 'admin.proxy');
  const origin = new URL(deps.origin);
  const { host, partner } = await partnerOf(deps.db, query, origin.host);
  let upstream: Upstream;
  try {
    upstream = await fetchAs(origin, query.path, host, query.client);
  } catch {
    throw new ApiError('proxy_unavailable');
  }
  const headers: Record<string, string> = {};
  for (const name of SHOWN_HEADERS) {
    const value = upstream.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join('\n') : value;
  }
  let json: unknown = null;
  if ((headers['content-type'] ?? '').includes('json') && !upstream.truncated) {
    try {
      json = JSON.parse(upstream.body);
    } catch {
      json = null;
    }
  }
  return {
    request: { path: query.path, host, client: query.client, partner },
    status: upstream.status,
    headers,
    json,
    body: json === null ? upstream.body : null,
    truncated: upstream.truncated,
  };
}

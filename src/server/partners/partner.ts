/**
 * A white-label partner as the server uses it (SPEC §3 agent/white-label config), and the zod
 * schema of Admin's form (src/pages/[lang]/op/partners.astro). Hosts are compared lower-case and
 * without a port, as browsers send them in the Host header.
 */
import { z } from 'zod';
import { PARTNER_THEMES } from '../../styles/tokens.ts';
import { ROUTE_NAMES } from '../../domain/backButton.ts';
import type { TranslationOverrides } from '../db/schema.ts';

/** The nine partner colour themes (SPEC §9, src/styles/global.css) and the site's own look. */
export const PARTNER_THEME_CHOICES = ['default', ...PARTNER_THEMES] as const;

export interface Partner {
  id: number;
  slug: string;
  hosts: string[];
  theme: (typeof PARTNER_THEME_CHOICES)[number];
  logo: string | null;
  title: string;
  translationOverrides: TranslationOverrides;
  affiliateId: string;
  hideBackButton: boolean;
  disableLogoUrl: boolean;
  trackers: string[];
  updatedAt: Date;
}

/** `Host` header → the name partners are registered under: lower case, no port, no trailing dot. */
export function normaliseHost(host: string | null | undefined): string {
  if (!host) return '';
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  // [v6]:port keeps the brackets; name:port drops the port.
  return name.startsWith('[') ? name.replace(/\]:\d+$/, ']') : name.replace(/:\d+$/, '');
}

const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a host name such as partner.example.com',
  );

/** An absolute http(s) URL or a path on this site; protocol-relative `//host` is refused as ambiguous. */
const logoUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), 'an http(s) URL or a path starting with /');

const messageKey = z.string().regex(/^[a-z0-9]+(?:[._-][a-zA-Z0-9]+)+$/, 'a message key such as search.submit');
const overrides = z.record(
  z.string().regex(/^(\*|[a-z]{2}(-[A-Za-z]{2,4})?)$/, 'a locale code or *'),
  z.record(messageKey, z.string().trim().min(1).max(500)),
);

/** One line per host or tracker in the form's text areas. */
const lines = (item: z.ZodType<string, string>) =>
  z
    .string()
    .max(5000)
    .transform((v) =>
      v
        .split(/[\n,]+/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50));

const checkbox = z
  .union([z.literal('on'), z.literal('true'), z.literal('')])
  .optional()
  .transform((v) => v === 'on' || v === 'true');

/** Admin's partner form: text fields as the browser sends them. */
export const partnerForm = z.object({
  id: z.coerce.number().int().positive().optional(),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
  hosts: lines(hostName).pipe(z.array(z.string()).min(1)),
  theme: z.enum(PARTNER_THEME_CHOICES),
  logo: z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(logoUrl.nullable()),
  title: z.string().trim().min(1).max(80),
  /** JSON: `{ "*": { "key": "text" }, "de": { … } }`. */
  translationOverrides: z
    .string()
    .trim()
    .max(50_000)
    .transform((v, ctx) => {
      if (v === '') return {};
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'JSON object of locale → key → text' });
        return z.NEVER;
      }
    })
    .pipe(overrides),
  affiliateId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/),
  hideBackButton: checkbox,
  disableLogoUrl: checkbox,
  trackers: lines(z.enum(ROUTE_NAMES)),
});

export type PartnerInput = z.output<typeof partnerForm>;

/** The overrides that apply to one locale: `*` first, the locale's own on top. */
export function overridesFor(partner: Pick<Partner, 'translationOverrides'>, localeCode: string): Record<string, string> {
  return { ...(partner.translationOverrides['*'] ?? {}), ...(partner.translationOverrides[localeCode] ?? {}) };
}

/**
 * Which logo, name and link the header shows (SPEC §2 "the logo links to /{lang}", §3 agent /
 * white-label config, §6 "Agents with an operator id or white-label logo/title get custom logo
 * branding"). Pure and free of zod, because the header's small client script runs it too: the
 * build renders the site-wide answer, the browser re-runs it for a signed-in agent.
 */
import type { Role } from './accountMenu.ts';

/** A white-label partner's header settings (issue 25: a partner record per host, src/server/partners/). */
export interface WhiteLabelConfig {
  /** Image URL replacing the built-in mark; undefined keeps the mark. */
  logo?: string | undefined;
  /** Name shown next to (or, with a logo only, as the alt text of) the logo. */
  title?: string | undefined;
  /** Render the logo without the link to /{lang} (a partner embedding the site in its own). */
  disableLogoUrl: boolean;
}

/** SPEC §3 agent config `operator {id, logo, name}`: the operator an agent sells for. */
export interface AgentOperator {
  id: number;
  logo: string;
  name: string;
}

export interface BrandingUser {
  role: Role;
  operator?: AgentOperator | null | undefined;
}

export interface HeaderBrand {
  source: 'default' | 'white-label' | 'operator';
  /** Image to show; null = the built-in mark. */
  logoSrc: string | null;
  /** The brand's accessible name: the visible text when `showName`, else the image's alt text. */
  name: string;
  showName: boolean;
  /** Where the logo links; null = not a link (disableLogoUrl). */
  href: string | null;
}

/** Agents are resellers (SPEC §6 roles); only they are co-branded with their operator. */
export function isAgent(role: Role | null | undefined): boolean {
  return role === 'reseller';
}

export function headerBrand(
  config: WhiteLabelConfig,
  user: BrandingUser | null,
  options: { lang: string; defaultName: string },
): HeaderBrand {
  const href = config.disableLogoUrl ? null : `/${options.lang}`;
  const operator = user && isAgent(user.role) ? user.operator : null;
  if (operator?.logo) {
    return { source: 'operator', logoSrc: operator.logo, name: operator.name, showName: true, href };
  }
  if (config.logo || config.title) {
    // A partner that sets only a logo usually has its name in the image: the title (or the
    // site name) then becomes the image's alt text instead of text beside it.
    return {
      source: 'white-label',
      logoSrc: config.logo ?? null,
      name: config.title ?? options.defaultName,
      showName: config.title !== undefined || config.logo === undefined,
      href,
    };
  }
  return { source: 'default', logoSrc: null, name: options.defaultName, showName: true, href };
}

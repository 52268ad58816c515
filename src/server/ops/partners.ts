/**
 * Admin's white-label partners, feature flags and route redirects (issue 25) for
 * /{lang}/op/partners, /{lang}/op/flags and /{lang}/op/redirects: each change checks the role once more (the pages check first), writes the
 * table, then reloads this process's copy and tells every other process over the bus — the next
 * request on any process sees it, without a rebuild or a restart.
 */
import type { FeatureFlag } from '../../domain/featureFlags.ts';
import type { RouteRedirect } from '../../domain/routeRedirects.ts';
import type { Db } from '../db/client.ts';
import { flagsChanged } from '../flags/registry.ts';
import { setFlagShares } from '../flags/store.ts';
import type { PartnerInput } from '../partners/partner.ts';
import { partnersChanged } from '../partners/registry.ts';
import { deletePartner, savePartner, type SaveResult } from '../partners/store.ts';
import { redirectsChanged } from '../redirects/registry.ts';
import { deleteRedirect, saveRedirect } from '../redirects/store.ts';
import { assertMay, type StaffMember } from './access.ts';

export async function savePartnerAsAdmin(db: Db, staff: StaffMember, input: PartnerInput): Promise<SaveResult> {
  assertMay(staff, 'partners.save');
  const result = await savePartner(db, input);
  if (result.ok) await partnersChanged();
  return result;
}

export async function deletePartnerAsAdmin(db: Db, staff: StaffMember, id: number): Promise<boolean> {
  assertMay(staff, 'partners.delete');
  const deleted = await deletePartner(db, id);
  if (deleted) await partnersChanged();
  return deleted;
}

export async function setFlagSharesAsAdmin(db: Db, staff: StaffMember, key: string, variants: FeatureFlag['variants']): Promise<boolean> {
  assertMay(staff, 'flags.change');
  const changed = await setFlagShares(db, key, variants);
  if (changed) await flagsChanged();
  return changed;
}

export async function saveRedirectAsAdmin(db: Db, staff: StaffMember, redirect: RouteRedirect): Promise<void> {
  assertMay(staff, 'redirects.save');
  await saveRedirect(db, redirect, staff.userId);
  await redirectsChanged();
}

export async function deleteRedirectAsAdmin(db: Db, staff: StaffMember, fromPath: string): Promise<boolean> {
  assertMay(staff, 'redirects.delete');
  const deleted = await deleteRedirect(db, fromPath);
  if (deleted) await redirectsChanged();
  return deleted;
}

/**
 * Site settings for admins (issue 22, /{lang}/op/settings): each setting's value now, its default
 * from the configuration and its bounds; saving a value (or clearing it back to the default)
 * writes `site_settings` and a `network_audit` row (entity `site_setting`, before → after, who,
 * request, reason) in one transaction, then tells every process (`settings_changed`).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { siteSettings } from '../db/schema.ts';
import { SETTING_KEYS, SITE_SETTINGS, settingsChanged, storedSettings, type SettingKey } from '../settings/settings.ts';
import { assertMay, type StaffMember } from './access.ts';
import { recordNetworkChange } from './networkAudit.ts';

export const SETTING_ENTITY = 'site_setting';

export interface SettingView {
  key: SettingKey;
  value: number;
  fallback: number;
  overridden: boolean;
  min: number;
  max: number;
  unit: 'minutes' | 'hours';
}

function bounds(key: SettingKey): { min: number; max: number } {
  const inner = SITE_SETTINGS[key].schema;
  return { min: inner.minValue ?? 0, max: inner.maxValue ?? Number.MAX_SAFE_INTEGER };
}

export async function settingsView(db: Db): Promise<SettingView[]> {
  const stored = await storedSettings(db);
  return SETTING_KEYS.map((key) => {
    const fallback = SITE_SETTINGS[key].fallback();
    const value = stored[key];
    return { key, value: value ?? fallback, fallback, overridden: value !== undefined, ...bounds(key), unit: SITE_SETTINGS[key].unit };
  });
}

/** The form: the setting, its new value (empty: back to the default) and the reason. */
export const settingForm = z
  .object({
    key: z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]),
    value: z.string().trim().max(12),
    reason: z.string().trim().min(3).max(500),
  })
  .transform((form, ctx) => {
    if (form.value === '') return { key: form.key, value: null, reason: form.reason };
    const parsed = SITE_SETTINGS[form.key].schema.safeParse(form.value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'out of bounds' });
      return z.NEVER;
    }
    return { key: form.key, value: parsed.data, reason: form.reason };
  });
export type SettingForm = z.infer<typeof settingForm>;

export async function saveSetting(
  db: Db,
  staff: StaffMember,
  input: SettingForm,
  requestId: string | null,
  announce: (db: Db) => Promise<void> = settingsChanged,
): Promise<{ changed: boolean }> {
  assertMay(staff, 'settings.save');
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(siteSettings).where(eq(siteSettings.key, input.key)).for('update');
    const before = row ? SITE_SETTINGS[input.key].schema.safeParse(row.value) : undefined;
    const beforeValue = before?.success ? before.data : null;
    if (beforeValue === input.value) return false;
    if (input.value === null) await tx.delete(siteSettings).where(eq(siteSettings.key, input.key));
    else
      await tx
        .insert(siteSettings)
        .values({ key: input.key, value: input.value, updatedBy: staff.userId })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: input.value, updatedBy: staff.userId, updatedAt: new Date() } });
    await recordNetworkChange(tx, staff, requestId, {
      entity: SETTING_ENTITY,
      entityKey: input.key,
      action: input.value === null ? 'reset' : 'update',
      reason: input.reason,
      before: { value: beforeValue },
      after: { value: input.value },
    });
    return true;
  });
  if (changed) await announce(db);
  return { changed };
}

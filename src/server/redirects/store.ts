/**
 * Route redirects in the database (table route_redirects): the list every process keeps in memory
 * (registry.ts) and Admin's save and delete (src/pages/[lang]/op/redirects.astro). A save of an
 * existing address replaces its target: one address, one answer.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { RedirectStatus, RouteRedirect } from '../../domain/routeRedirects.ts';
import type { Db } from '../db/client.ts';
import { routeRedirects } from '../db/schema.ts';

export interface StoredRedirect extends RouteRedirect {
  createdBy: number | null;
  createdAt: Date;
}

export async function listRedirects(db: Db): Promise<StoredRedirect[]> {
  const rows = await db.select().from(routeRedirects).orderBy(asc(routeRedirects.fromPath));
  return rows.map((row) => ({ ...row, status: row.status as RedirectStatus }));
}

export async function saveRedirect(db: Db, redirect: RouteRedirect, createdBy: number): Promise<void> {
  await db
    .insert(routeRedirects)
    .values({ ...redirect, createdBy })
    .onConflictDoUpdate({
      target: routeRedirects.fromPath,
      set: { target: redirect.target, status: redirect.status, createdBy, createdAt: sql`now()` },
    });
}

export async function deleteRedirect(db: Db, fromPath: string): Promise<boolean> {
  const deleted = await db
    .delete(routeRedirects)
    .where(eq(routeRedirects.fromPath, fromPath))
    .returning({ fromPath: routeRedirects.fromPath });
  return deleted.length > 0;
}

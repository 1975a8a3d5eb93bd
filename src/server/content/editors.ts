/**
 * The content editor role (docs/decisions/023): an account listed in content_editors may open the
 * guide editor, and that is all it grants. Granted by an operator
 * (PUT /api/internal/content-editors), the seed, or `npm run content:editor -- grant <email>`; each
 * grant and revoke is audited.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NotFound } from '@/domain/errors';
import { users } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { contentAudit, contentEditors } from './schema';

/** Whether this account holds the content editor role. */
export async function isContentEditor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: contentEditors.userId })
    .from(contentEditors)
    .where(eq(contentEditors.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The live account with this email, or NotFound. */
async function accountByEmail(db: Db, email: string): Promise<{ id: number }> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.anonymizedAt)))
    .limit(1);
  if (!user) throw new NotFound(`No account has the email ${email.trim()}`);
  return user;
}

/** Gives an account the editor role (idempotent); returns whether it was newly granted. */
export async function grantContentEditor(db: Db, email: string, grantedBy: string): Promise<boolean> {
  const user = await accountByEmail(db, email);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(contentEditors)
      .values({ userId: user.id, grantedBy })
      .onConflictDoNothing()
      .returning({ userId: contentEditors.userId });
    if (inserted.length > 0) {
      await tx.insert(contentAudit).values({ action: 'editor.grant', detail: { userId: user.id, grantedBy } });
    }
    return inserted.length > 0;
  });
}

/** Takes the editor role away (idempotent); returns whether the account had it. */
export async function revokeContentEditor(db: Db, email: string, revokedBy: string): Promise<boolean> {
  const user = await accountByEmail(db, email);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(contentEditors)
      .where(eq(contentEditors.userId, user.id))
      .returning({ userId: contentEditors.userId });
    if (removed.length > 0) {
      await tx.insert(contentAudit).values({ action: 'editor.revoke', detail: { userId: user.id, revokedBy } });
    }
    return removed.length > 0;
  });
}

/**
 * PUT / DELETE /api/internal/content-editors (decision 023): an operator grants or revokes the content
 * editor role of an account by email, `{ "email": "..." }`. Needs `Authorization: Bearer
 * $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404). Audited.
 */
import { z } from 'zod';
import { text } from '@/contracts/text';
import { grantContentEditor, revokeContentEditor } from '@/server/content';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

const EditorSchema = z
  .object({ email: text().trim().toLowerCase().pipe(z.email('Enter a valid email address')) })
  .strict();

export const PUT = endpoint({
  who: 'operator',
  input: EditorSchema,
  area: 'content',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const granted = await grantContentEditor(db, input.email, 'operator');
    return { email: input.email, isEditor: true, changed: granted };
  },
});

export const DELETE = endpoint({
  who: 'operator',
  input: EditorSchema,
  area: 'content',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const revoked = await revokeContentEditor(db, input.email, 'operator');
    return { email: input.email, isEditor: false, changed: revoked };
  },
});

/**
 * Who is asking for the guide editor (docs/decisions/023-content-guides-and-editor.md): only accounts
 * with the content editor role reach it; a guest is sent to sign in, anyone else is refused.
 */
import { isContentEditor } from '@/server/content';
import { getDb } from '@/server/db';
import { currentUser } from './session';

/** A guest (send to sign in), a shopper without the role, or an editor. */
export type EditorAccess =
  | { kind: 'guest' }
  | { kind: 'refused' }
  | { kind: 'editor'; userId: number; firstName: string; email: string };

/** This request's access to the editor. */
export async function editorAccess(context: Parameters<typeof currentUser>[0]): Promise<EditorAccess> {
  const user = await currentUser(context);
  if (user === null) return { kind: 'guest' };
  const { db } = await getDb();
  if (!(await isContentEditor(db, user.id))) return { kind: 'refused' };
  return { kind: 'editor', userId: user.id, firstName: user.firstName, email: user.email };
}

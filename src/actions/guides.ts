/**
 * The guide editor's actions (docs/decisions/023-content-guides-and-editor.md), for content editors
 * only (a guest 401, anyone else 403): create a guide, save the form as a new version and publish
 * it, restore an old version as a new draft. A publish invalidates the guide's cache tag after
 * commit, so the public page shows it on the next request.
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import {
  type GuideContent,
  GuideContentSchema,
  GuideSlugSchema,
  guideFormErrors,
  readGuideForm,
} from '@/contracts/guide';
import { DbIdInputSchema } from '@/contracts/text';
import { Forbidden, Invalid, Unauthorised } from '@/domain/errors';
import { GUIDES_TAG, guideTag } from '@/server/cache';
import {
  createGuide,
  publishGuideVersion,
  restoreGuideVersion,
  retrieveGuideForEditor,
  saveGuideDraft,
} from '@/server/content';
import { getDb } from '@/server/db';
import { editorAccess } from '@/server/http';
import { answer } from './answer';

type EditorActionContext = Parameters<Parameters<typeof defineAction>[0]['handler']>[1];

/** The signed-in content editor, or a refusal: a guest 401, anyone else 403. */
async function requireEditor(context: EditorActionContext): Promise<{ userId: number }> {
  const access = await editorAccess(context);
  if (access.kind === 'guest') throw new Unauthorised('Please sign in to use the guide editor.');
  if (access.kind === 'refused') throw new Forbidden('Only content editors can change guides.');
  return { userId: access.userId };
}

/** The editor's form as valid guide content, or Invalid listing every problem. */
function guideContentFrom(form: FormData): GuideContent {
  const parsed = GuideContentSchema.safeParse(readGuideForm(form));
  if (!parsed.success) throw new Invalid(guideFormErrors(parsed.error).join(' · '));
  return parsed.data;
}

/** After a publish commits: the guide's page (and the guide list) render afresh on their next request. */
async function refreshGuidePages(context: EditorActionContext, slug: string): Promise<void> {
  if (context.cache.enabled) await context.cache.invalidate({ tags: [guideTag(slug), GUIDES_TAG] });
}

/** A guide slug from a form, or Invalid saying what is wrong with it. */
function slugFrom(value: unknown): string {
  const parsed = GuideSlugSchema.safeParse(value);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? 'Check the slug');
  return parsed.data;
}

export const guideActions = {
  /** A new guide (its first version, a draft) from a slug and a name. */
  guideCreate: defineAction({
    accept: 'form',
    input: z.object({ slug: z.string(), displayName: z.string() }),
    handler: ({ slug, displayName }, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const guideSlug = slugFrom(slug);
        const content = GuideContentSchema.safeParse({
          displayName,
          description: `${displayName.trim()}: our pick of the best deals.`,
        });
        if (!content.success) throw new Invalid(guideFormErrors(content.error).join(' · '));
        const { db } = await getDb();
        await createGuide(db, editor, guideSlug, content.data);
        return { slug: guideSlug };
      }),
  }),

  /** Save the editor's form as a new version (a draft), and with intent "publish" publish it. */
  guideEdit: defineAction({
    accept: 'form',
    input: z.instanceof(FormData),
    handler: (form, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const slug = slugFrom(form.get('slug'));
        const base = DbIdInputSchema.safeParse(form.get('baseVersion'));
        if (!base.success) throw new Invalid('Reload the editor: the form does not say which version it edits.');
        const baseVersion = base.data;
        const intent = form.get('intent') === 'publish' ? 'publish' : 'save';
        const content = guideContentFrom(form);
        const { db } = await getDb();
        const current = await retrieveGuideForEditor(db, slug);
        const unchanged =
          current.latestVersion === baseVersion && JSON.stringify(current.content) === JSON.stringify(content);
        const { version } = unchanged
          ? { version: baseVersion }
          : await saveGuideDraft(db, editor, slug, content, baseVersion);
        if (intent === 'save')
          return { slug, version, published: false, message: `Saved version ${version} as a draft.` };
        await publishGuideVersion(db, editor, slug, version);
        await refreshGuidePages(context, slug);
        return {
          slug,
          version,
          published: true,
          message: `Published version ${version}. The guide page shows it now.`,
        };
      }),
  }),

  /** Copy an old version into a new draft (publish it to put it live). */
  guideRestore: defineAction({
    accept: 'form',
    input: z.object({ slug: z.string(), version: DbIdInputSchema }),
    handler: ({ slug, version }, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const { db } = await getDb();
        const restored = await restoreGuideVersion(db, editor, slugFrom(slug), version);
        return {
          slug,
          version: restored.version,
          message: `Version ${version} restored as draft version ${restored.version}. Publish it to put it live.`,
        };
      }),
  }),
};

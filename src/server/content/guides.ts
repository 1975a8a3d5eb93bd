/**
 * Guides and their versions (docs/decisions/023). Every save writes a new numbered version (a
 * draft); publishing points the guide at one version; restoring copies an old version into a new
 * draft. Versions are never changed, so the history is the full record. Each change and its audit
 * row are one transaction; the caller invalidates the guide's cache tag after commit.
 */
import { and, asc, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import { type GuideContent, GuideContentSchema } from '@/contracts/guide';
import { Conflict, NotFound } from '@/domain/errors';
import { users } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { contentAudit, guides, guideVersions } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A published guide as the public page reads it. */
export interface PublishedGuide {
  slug: string;
  version: number;
  content: GuideContent;
  publishedAt: Date;
  updatedAt: Date;
}

/** One row of a guide's history. */
export interface GuideVersionSummary {
  version: number;
  displayName: string;
  savedAt: Date;
  savedBy: string | null;
  restoredFrom: number | null;
  isPublished: boolean;
}

/** What the editor shows for one guide. */
export interface GuideForEditor {
  slug: string;
  latestVersion: number;
  publishedVersion: number | null;
  content: GuideContent;
  history: GuideVersionSummary[];
}

/** The guide a slug names and is published, with its published content; null when there is none. */
export async function retrievePublishedGuide(db: Db, slug: string): Promise<PublishedGuide | null> {
  const [row] = await db
    .select({
      slug: guides.slug,
      version: guideVersions.version,
      content: guideVersions.content,
      publishedAt: guides.publishedAt,
      updatedAt: guides.updatedAt,
    })
    .from(guides)
    .innerJoin(
      guideVersions,
      and(eq(guideVersions.guideId, guides.id), eq(guideVersions.version, guides.publishedVersion)),
    )
    .where(eq(guides.slug, slug))
    .limit(1);
  if (!row?.publishedAt) return null;
  return { ...row, content: GuideContentSchema.parse(row.content), publishedAt: row.publishedAt };
}

/** Every published guide (for /guides and the sitemap), by name. */
export async function listPublishedGuides(
  db: Db,
): Promise<{ slug: string; displayName: string; description: string; redirectUrl: string; publishedAt: Date }[]> {
  const rows = await db
    .select({ slug: guides.slug, content: guideVersions.content, publishedAt: guides.publishedAt })
    .from(guides)
    .innerJoin(
      guideVersions,
      and(eq(guideVersions.guideId, guides.id), eq(guideVersions.version, guides.publishedVersion)),
    )
    .where(isNotNull(guides.publishedAt));
  return rows
    .map((row) => ({
      slug: row.slug,
      displayName: row.content.displayName,
      description: row.content.description,
      redirectUrl: row.content.redirectUrl ?? '',
      publishedAt: row.publishedAt ?? new Date(0),
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'en-GB'));
}

/** Every guide for the editor's list: name, latest version, whether the latest is published. */
export async function listGuidesForEditor(
  db: Db,
): Promise<{ slug: string; displayName: string; latestVersion: number; publishedVersion: number | null }[]> {
  const latest = db
    .select({ guideId: guideVersions.guideId, latest: max(guideVersions.version).as('latest') })
    .from(guideVersions)
    .groupBy(guideVersions.guideId)
    .as('latest');
  const rows = await db
    .select({
      slug: guides.slug,
      publishedVersion: guides.publishedVersion,
      latestVersion: latest.latest,
      content: guideVersions.content,
    })
    .from(guides)
    .innerJoin(latest, eq(latest.guideId, guides.id))
    .innerJoin(guideVersions, and(eq(guideVersions.guideId, guides.id), eq(guideVersions.version, latest.latest)))
    .orderBy(asc(guides.slug));
  return rows.map((row) => ({
    slug: row.slug,
    displayName: row.content.displayName,
    latestVersion: Number(row.latestVersion),
    publishedVersion: row.publishedVersion,
  }));
}

async function guideBySlug(db: Db | Tx, slug: string, lock = false) {
  const query = db.select().from(guides).where(eq(guides.slug, slug)).limit(1);
  const [guide] = lock ? await query.for('update') : await query;
  if (!guide) throw new NotFound(`No guide has the slug ${slug}`);
  return guide;
}

async function latestVersionOf(tx: Tx, guideId: number): Promise<number> {
  const [row] = await tx
    .select({ latest: max(guideVersions.version) })
    .from(guideVersions)
    .where(eq(guideVersions.guideId, guideId));
  return Number(row?.latest ?? 0);
}

/** A guide's latest version (its working draft) and history, for the editor. */
export async function retrieveGuideForEditor(db: Db, slug: string): Promise<GuideForEditor> {
  const guide = await guideBySlug(db, slug);
  const versions = await db
    .select({
      version: guideVersions.version,
      content: guideVersions.content,
      createdAt: guideVersions.createdAt,
      restoredFrom: guideVersions.restoredFrom,
      savedBy: users.firstName,
      savedByEmail: users.email,
    })
    .from(guideVersions)
    .leftJoin(users, eq(users.id, guideVersions.createdBy))
    .where(eq(guideVersions.guideId, guide.id))
    .orderBy(desc(guideVersions.version));
  const [latest] = versions;
  if (!latest) throw new NotFound(`The guide ${slug} has no versions`);
  return {
    slug: guide.slug,
    latestVersion: latest.version,
    publishedVersion: guide.publishedVersion,
    content: GuideContentSchema.parse(latest.content),
    history: versions.map((row) => ({
      version: row.version,
      displayName: row.content.displayName,
      savedAt: row.createdAt,
      savedBy: row.savedBy ? row.savedBy || row.savedByEmail : null,
      restoredFrom: row.restoredFrom,
      isPublished: row.version === guide.publishedVersion,
    })),
  };
}

/** Who is making a change: an editor's account, or null for the seed and scripts. */
export type ContentActor = { userId: number } | null;

/** Creates a guide with its first version (a draft). Conflict when the slug is taken. */
export async function createGuide(db: Db, actor: ContentActor, slug: string, content: GuideContent): Promise<void> {
  await db.transaction(async (tx) => {
    const [guide] = await tx.insert(guides).values({ slug }).onConflictDoNothing().returning({ id: guides.id });
    if (!guide) throw new Conflict(`A guide already has the slug ${slug}`);
    await tx.insert(guideVersions).values({ guideId: guide.id, version: 1, content, createdBy: actor?.userId ?? null });
    await tx.insert(contentAudit).values({
      userId: actor?.userId ?? null,
      action: 'guide.create',
      guideId: guide.id,
      version: 1,
      detail: { slug },
    });
  });
}

/**
 * Saves a new version of a guide as a draft. `baseVersion` is the version the editor started from: when
 * someone else saved since, this is a Conflict rather than silently overwriting their work.
 */
export async function saveGuideDraft(
  db: Db,
  actor: ContentActor,
  slug: string,
  content: GuideContent,
  baseVersion: number,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const guide = await guideBySlug(tx, slug, true);
    const latest = await latestVersionOf(tx, guide.id);
    if (latest !== baseVersion) {
      throw new Conflict(
        `Version ${latest} was saved while you were editing version ${baseVersion}. Reload to see it before saving.`,
      );
    }
    const version = latest + 1;
    await tx.insert(guideVersions).values({ guideId: guide.id, version, content, createdBy: actor?.userId ?? null });
    await tx.update(guides).set({ updatedAt: sql`now()` }).where(eq(guides.id, guide.id));
    await tx.insert(contentAudit).values({
      userId: actor?.userId ?? null,
      action: 'guide.save-draft',
      guideId: guide.id,
      version,
      detail: { from: baseVersion },
    });
    return { version };
  });
}

/** Publishes one version of a guide: the public page shows it from the next request (after the tag is invalidated). */
export async function publishGuideVersion(
  db: Db,
  actor: ContentActor,
  slug: string,
  version: number,
): Promise<{ version: number; previous: number | null }> {
  return db.transaction(async (tx) => {
    const guide = await guideBySlug(tx, slug, true);
    const [exists] = await tx
      .select({ id: guideVersions.id })
      .from(guideVersions)
      .where(and(eq(guideVersions.guideId, guide.id), eq(guideVersions.version, version)))
      .limit(1);
    if (!exists) throw new NotFound(`The guide ${slug} has no version ${version}`);
    await tx
      .update(guides)
      .set({ publishedVersion: version, publishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(guides.id, guide.id));
    await tx.insert(contentAudit).values({
      userId: actor?.userId ?? null,
      action: 'guide.publish',
      guideId: guide.id,
      version,
      detail: { previous: guide.publishedVersion },
    });
    return { version, previous: guide.publishedVersion };
  });
}

/** Copies an old version into a new draft (nothing is published until the editor publishes it). */
export async function restoreGuideVersion(
  db: Db,
  actor: ContentActor,
  slug: string,
  version: number,
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const guide = await guideBySlug(tx, slug, true);
    const [old] = await tx
      .select({ content: guideVersions.content })
      .from(guideVersions)
      .where(and(eq(guideVersions.guideId, guide.id), eq(guideVersions.version, version)))
      .limit(1);
    if (!old) throw new NotFound(`The guide ${slug} has no version ${version}`);
    const next = (await latestVersionOf(tx, guide.id)) + 1;
    await tx.insert(guideVersions).values({
      guideId: guide.id,
      version: next,
      content: old.content,
      createdBy: actor?.userId ?? null,
      restoredFrom: version,
    });
    await tx.update(guides).set({ updatedAt: sql`now()` }).where(eq(guides.id, guide.id));
    await tx.insert(contentAudit).values({
      userId: actor?.userId ?? null,
      action: 'guide.restore',
      guideId: guide.id,
      version: next,
      detail: { restoredFrom: version },
    });
    return { version: next };
  });
}

/** A guide's audit trail, newest first (the editor's history panel and tests). */
export async function listGuideAudit(
  db: Db,
  slug: string,
): Promise<{ action: string; version: number | null; userId: number | null; at: Date }[]> {
  const guide = await guideBySlug(db, slug);
  return db
    .select({
      action: contentAudit.action,
      version: contentAudit.version,
      userId: contentAudit.userId,
      at: contentAudit.at,
    })
    .from(contentAudit)
    .where(eq(contentAudit.guideId, guide.id))
    .orderBy(desc(contentAudit.id));
}

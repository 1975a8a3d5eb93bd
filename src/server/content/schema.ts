/**
 * The content service's tables (docs/decisions/023): guides, their numbered versions (each save is
 * a new version; publishing points the guide at one), the content editors and the audit of every
 * change.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GuideContent } from '@/contracts/guide';
import { users } from '../accounts/schema';

/** A guide at /guides/{slug}. What the public sees is its published version. */
export const guides = pgTable(
  'guides',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    /** The version the public page shows; null until first published. */
    publishedVersion: integer('published_version'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guides_slug_key').on(t.slug)],
);

/** Every saved state of a guide, numbered 1, 2, 3 … per guide; never changed once written. */
export const guideVersions = pgTable(
  'guide_versions',
  {
    id: serial('id').primaryKey(),
    guideId: integer('guide_id')
      .notNull()
      .references(() => guides.id),
    version: integer('version').notNull(),
    content: jsonb('content').$type<GuideContent>().notNull(),
    /** The editor who saved it; null for the seed. */
    createdBy: integer('created_by').references(() => users.id),
    /** Set on a restore: the version this one copies. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('guide_versions_guide_version_key').on(t.guideId, t.version)],
);

/** The content editor role: a shopper account allowed into the guide editor, and nothing else. */
export const contentEditors = pgTable('content_editors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Who granted it: "operator", "seed" or "script". */
  grantedBy: text('granted_by').notNull(),
});

/** Every change an editor (or operator) makes: who, what, which guide and version, when. */
export const contentAudit = pgTable(
  'content_audit',
  {
    id: serial('id').primaryKey(),
    /** The editor's account; null for operator and script actions. */
    userId: integer('user_id').references(() => users.id),
    action: text('action').$type<ContentAuditAction>().notNull(),
    guideId: integer('guide_id').references(() => guides.id),
    version: integer('version'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_audit_guide_idx').on(t.guideId, t.at)],
);

export type ContentAuditAction =
  | 'guide.create'
  | 'guide.save-draft'
  | 'guide.publish'
  | 'guide.restore'
  | 'editor.grant'
  | 'editor.revoke';

/**
 * The content service (docs/decisions/023-content-guides-and-editor.md): guides with versioned drafts,
 * publishing and history; their deal feeds; the content editor role and the audit of every change; and
 * the switches and links of the content pages that live in content collections (src/content). Callers
 * import only this module.
 */

export { grantContentEditor, isContentEditor, revokeContentEditor } from './editors';
export { type GuideFeedResult, listGuideFeed, listListiclePicks } from './feed';
export {
  type ContentActor,
  createGuide,
  type GuideForEditor,
  type GuideVersionSummary,
  listGuideAudit,
  listGuidesForEditor,
  listPublishedGuides,
  type PublishedGuide,
  publishGuideVersion,
  restoreGuideVersion,
  retrieveGuideForEditor,
  retrievePublishedGuide,
  saveGuideDraft,
} from './guides';
export { renderGuideMarkdown } from './markdown';

/** The spec 9 switches a content page can depend on, as the page read them (astro:env, at run time). */
export interface ContentSwitches {
  FEATURE_PAY_LATER_FAQ_LINK: boolean;
  FEATURE_CAREERS_COLUMN: boolean;
}

/** Whether a content page exists right now: spec 2, the pay-later FAQ only while its switch is on. */
export function contentPageIsOn(
  page: { requiresSwitch?: keyof ContentSwitches | undefined },
  switches: ContentSwitches,
): boolean {
  return page.requiresSwitch === undefined || switches[page.requiresSwitch];
}

/** The links beside an FAQ list: the help and legal pages its readers look for next. */
export function relatedHelpLinks(
  list: 'shoppers' | 'merchants',
  switches: Pick<ContentSwitches, 'FEATURE_PAY_LATER_FAQ_LINK'>,
): { label: string; href: string }[] {
  if (list === 'merchants') {
    return [
      { label: 'Business FAQ', href: '/page/business-faq' },
      { label: 'Takedown policy', href: '/page/takedown-policy' },
      { label: 'Shopper help and FAQs', href: '/faqs' },
    ];
  }
  return [
    { label: 'E-commerce terms', href: '/page/e-commerceterms' },
    { label: 'Wallet credit info', href: '/page/wallet-credit-info' },
    { label: 'Admin fee', href: '/page/admin-fee' },
    { label: 'Gift card terms', href: '/page/gift-card-terms' },
    { label: 'Internet safety', href: '/page/internetsafety' },
    ...(switches.FEATURE_PAY_LATER_FAQ_LINK ? [{ label: 'Pay later FAQ', href: '/page/pay-later-faq' }] : []),
    { label: 'Merchant FAQs', href: '/merchantfaqs' },
  ];
}

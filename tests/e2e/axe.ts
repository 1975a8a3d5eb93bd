/**
 * The accessibility audits' axe-core builder (@axe-core/playwright), tuned to check the same rules
 * on the same nodes in a third of the time (decision 034):
 * - Only violations are written out in full. The stories read nothing else, and describing every
 *   passing node (its HTML and a unique selector) was a quarter of an audit.
 * - A page whose frames all share its origin is audited by one `axe.run` in the page (axe's legacy
 *   mode). The default mode runs axe in each frame and then merges the parts in a new blank page,
 *   a second renderer that cost over a second per audit. A page with a frame from another origin
 *   (a payment provider's) keeps the default mode, since the legacy mode cannot look into it.
 */
import { AxeBuilder as PlaywrightAxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export class AxeBuilder extends PlaywrightAxeBuilder {
  readonly #page: Page;

  constructor(options: { page: Page }) {
    super(options);
    this.#page = options.page;
    this.options({ resultTypes: ['violations'] });
  }

  override async analyze() {
    this.setLegacyMode(framesShareOrigin(this.#page));
    return super.analyze();
  }
}

/** True when every frame of the page with a document of its own has the page's origin. */
export function framesShareOrigin(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().every((frame) => {
    const url = frame.url();
    return url === '' || url.startsWith('about:') || new URL(url).origin === origin;
  });
}

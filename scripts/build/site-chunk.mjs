/**
 * Decision 070: the browser build's chunking rule. Every component `<script>` is its own entry, and
 * Vite split what they share into many small chunks, so a browse page asked for about 40 modules at
 * load, up to four imports deep, before its scripts ran. Shared code that component scripts import
 * statically now goes into two chunks:
 * - `site`: what the scripts every page has (consent, the tag manager, the credit toast; checkout
 *   too) import;
 * - `browse`: what the scripts of the components browse pages are made of (the header, the personal
 *   layer, cards, listings, search, the deal page, home) import besides.
 * Each script entry stays a file of its own (Astro writes one tag per component script), now a few
 * bytes that import these. What is imported on demand (`import()`, e.g. the VIP lightbox, the 3-D
 * Secure flow) keeps its own chunk, as does what only islands, account or operator pages import.
 */

/** Component scripts as Vite names them: `…/marketing/ConsentBanner.astro?astro&type=script&index=0&lang.ts`. */
const EVERY_PAGE_SCRIPT =
  /\/src\/components\/(?:marketing\/(?:ConsentBanner|TagManager)|chrome\/CreditToast)\.astro\?astro&type=script/;
const BROWSE_SCRIPT =
  /\/src\/components\/(?:chrome|marketing|personal|deal-card|home|experiments|listing|search|deal)\/[^/]+\.astro\?astro&type=script|\/GoogleOneTap\.astro\?astro&type=script/;

/**
 * The checkout's islands (checkout, add-on payment) import some of the same rules (the request
 * helper, the subscription rules): those go into `site`, which the checkout page loads anyway, so it
 * does not load the whole `browse` chunk for them (its budget is 100 KB, decision 065).
 */
const CHECKOUT_ISLAND = /\/src\/islands\/(?:Checkout|AddonCardPay|checkout\/)/;

/** A `<script>` of a component or a page, as Vite names it. */
const ANY_SCRIPT = /\.astro\?astro&type=script/;

/**
 * What may join `browse`: the domain rules, stores, contracts and libraries, which define things and
 * do nothing when imported. `site` also takes the component modules the every-page scripts import
 * (the analytics boot, the Buy again flag), since every page loads them anyway; never a behaviour
 * module (below). The live stock's filler (deal-card/live-stock.ts) is shared code too: the cards'
 * script and the deal page's (decision 071) both import it, and only its exported functions act. So
 * is the reader of the recently viewed ids (personal/recent-ids.ts), which the personal rails, the
 * personal grid and Show more import: left to Rolldown it is a 334-byte chunk of its own, one more
 * request on every browse page.
 */
const SHARED_CODE =
  /\/src\/(?:domain|stores|contracts)\/|\/src\/components\/(?:deal-card\/live-stock|personal\/recent-ids)\.ts$|\/node_modules\/|^\0?vite\/preload-helper/;

/**
 * Rolldown's `codeSplitting` groups. `site` is chosen first: a module it takes (and, as Rolldown does
 * for every group, what that module imports) is in no other chunk. The server build has no
 * component scripts, so nothing there is grouped.
 */
export const SITE_CHUNKS = {
  groups: [
    { name: (id, context) => (inSite(id, (other) => context.getModuleInfo(other)) ? 'site' : null), priority: 2 },
    { name: (id, context) => (inBrowse(id, (other) => context.getModuleInfo(other)) ? 'browse' : null), priority: 1 },
  ],
};

function inSite(id, getModuleInfo) {
  if (isBehaviour(id, getModuleInfo)) return false;
  if (reachedFrom(EVERY_PAGE_SCRIPT, id, getModuleInfo, new Map())) return true;
  if (!SHARED_CODE.test(id)) return false;
  // Shared by a browse script and the checkout's islands: see CHECKOUT_ISLAND.
  return (
    reachedFrom(BROWSE_SCRIPT, id, getModuleInfo, new Map()) &&
    reachedFrom(CHECKOUT_ISLAND, id, getModuleInfo, new Map())
  );
}

function inBrowse(id, getModuleInfo) {
  return SHARED_CODE.test(id) && reachedFrom(BROWSE_SCRIPT, id, getModuleInfo, new Map());
}

/**
 * A script, or a module imported only for what it does (no exports: the consent banner's
 * site-client): it starts work when it is evaluated and expects the whole page parsed, as module
 * scripts are. In a shared chunk it would run whenever the chunk is first evaluated, which can be
 * while the page is still being parsed (an island's import). The rest export what their scripts
 * call.
 */
function isBehaviour(id, getModuleInfo) {
  if (ANY_SCRIPT.test(id)) return true;
  return /\/src\//.test(id) && getModuleInfo(id)?.exports.length === 0;
}

/** Whether a script matching `entry` imports `id`, directly or through other static imports. */
function reachedFrom(entry, id, getModuleInfo, seen) {
  if (entry.test(id)) return true;
  if (seen.has(id)) return seen.get(id);
  seen.set(id, false);
  const importers = getModuleInfo(id)?.importers ?? [];
  const reached = importers.some((importer) => reachedFrom(entry, importer, getModuleInfo, seen));
  seen.set(id, reached);
  return reached;
}

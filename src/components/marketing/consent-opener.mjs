/**
 * The consent banner's opener (spec 5; decision 025), written into the page right after the banner as
 * a small classic script, so a first-time visitor sees the banner with the page's first paint rather
 * than once the page's module script has loaded (Lighthouse counted the banner's text as the home
 * page's largest paint, a second and a half late on a slow phone). It opens the banner unless the
 * consent cookie holds a choice, as parseConsent (src/domain/consent.ts) reads one: a `groups=`
 * entry with at least one `C0000:0|1` group. The module script (./site-client.ts) does the rest.
 * The Content Security Policy names its hash (astro.config.mjs), so its bytes must not change
 * without the build: this file is the one place they are written.
 */
export const CONSENT_OPENER =
  "(function(){var b=document.getElementById('consent-banner'),m=/(?:^|;\\s*)consent=([^;]*)/.exec(document.cookie),v='';" +
  "try{v=decodeURIComponent(m?m[1]:'')}catch(e){}" +
  "if(b&&!/(?:^|&)groups=[^&]*C\\d{4}:[01]/.test(v)&&!b.matches(':popover-open'))b.showPopover()})()";

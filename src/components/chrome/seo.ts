/** Props of SeoHead.astro, shared with the layouts (spec 2 "Page head"). */
export interface SeoProps {
  /** The page's own title; " | {brand}" is added unless the title already names the brand. */
  title: string;
  description: string;
  /** Absolute URL (https://host/path); a root-relative path is resolved against the site URL. */
  canonical: string;
  /** Defaults to "index, follow". Paths under /gshop are always "noindex, follow" (spec 2). */
  robots?: string;
  /** Absolute or root-relative social image; defaults to the brand's share card /brand/og-{brand}.png. */
  image?: string;
  imageAlt?: string;
  /** Shorthand for robots "noindex, follow". */
  noindex?: boolean;
  /** og:type; defaults to "website" ("product" suits a deal page). */
  type?: 'website' | 'article' | 'product';
}

/** spec 2: robots defaults to "index, follow"; any path segment "gshop" makes the page noindex. */
export function robotsFor(pathname: string, { robots, noindex = false }: Pick<SeoProps, 'robots' | 'noindex'>): string {
  const isGshopPath = pathname.split('/').some((segment) => segment.toLowerCase() === 'gshop');
  return isGshopPath || noindex ? 'noindex, follow' : (robots ?? 'index, follow');
}

/** The full title: " | {brand}" is added unless the page's title already names the brand. */
export function fullTitleFor(title: string, siteName: string): string {
  return title.toLowerCase().includes(siteName.toLowerCase()) ? title : `${title} | ${siteName}`;
}

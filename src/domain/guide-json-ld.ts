/**
 * Structured data for a guide page: an Article for the guide itself and an ItemList of
 * the deals it shows, in the order shown (a listicle's picks first). Pure: URLs come in absolute.
 */

export interface GuideJsonLdInput {
  url: string;
  headline: string;
  description: string;
  publishedAt: Date;
  modifiedAt: Date;
  publisherName: string;
  publisherLogo: string;
  /** The deals in the order the page shows them. */
  items: readonly { url: string; name: string }[];
}

/** The page's JSON-LD graph, as text safe to put inside a <script> element. */
export function guideJsonLd(input: GuideJsonLdInput): string {
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Article',
        '@id': `${input.url}#article`,
        headline: input.headline.slice(0, 110),
        description: input.description,
        url: input.url,
        mainEntityOfPage: input.url,
        datePublished: input.publishedAt.toISOString(),
        dateModified: input.modifiedAt.toISOString(),
        inLanguage: 'en-GB',
        author: { '@type': 'Organization', name: input.publisherName },
        publisher: { '@type': 'Organization', name: input.publisherName, logo: input.publisherLogo },
      },
      {
        '@type': 'ItemList',
        '@id': `${input.url}#deals`,
        name: input.headline,
        numberOfItems: input.items.length,
        itemListElement: input.items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          url: item.url,
          name: item.name,
        })),
      },
    ],
  };
  // "<" never appears raw inside the script, so no text can close it early.
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}

/**
 * Guide Markdown to HTML (docs/decisions/023). Editors write Markdown only: raw HTML is shown as
 * text, links are checked by markdown-it (no javascript: or data: URLs) and links to other sites
 * open safely.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:\/\//i.test(href)) token.attrSet('rel', 'noopener nofollow');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** Renders an editor's Markdown as HTML safe to place in a page. */
export function renderGuideMarkdown(source: string): string {
  return source.trim() === '' ? '' : markdown.render(source);
}

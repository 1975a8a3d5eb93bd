import { describe, expect, it } from 'vitest';
import { renderGuideMarkdown } from './markdown';

describe('guide Markdown (decision 023: editors write Markdown, the public page must stay safe)', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderGuideMarkdown('## Booking tips\n\n- Book **early**\n- See [spa days](/deals/london/beauty/spa)');
    expect(html).toContain('<h2>Booking tips</h2>');
    expect(html).toContain('<strong>early</strong>');
    expect(html).toContain('<a href="/deals/london/beauty/spa">spa days</a>');
  });

  it('shows raw HTML as text and drops javascript: links', () => {
    const html = renderGuideMarkdown('<script>alert(1)</script>\n\n[click](javascript:alert(1))');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('href="javascript:');
  });

  it('marks links to other sites noopener nofollow, and blank text renders nothing', () => {
    expect(renderGuideMarkdown('[Visit](https://example.com)')).toContain('rel="noopener nofollow"');
    expect(renderGuideMarkdown('   \n')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('the ADR markdown renderer', () => {
  it('renders headings, paragraphs, lists, code and emphasis', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and `code`.\nMore.\n\n- one\n- two\n\n```\nx < y\n```',
    );
    expect(html).toBe(
      '<h1>Title</h1>\n<p>Some <strong>bold</strong> and <code>code</code>. More.</p>\n<ul><li>one</li><li>two</li></ul>\n<pre><code>x &lt; y</code></pre>',
    );
  });

  it('renders a contracts table', () => {
    const html = renderMarkdown('| name | value |\n|---|---|\n| `A` | 1 |');
    expect(html).toBe(
      '<table><thead><tr><th>name</th><th>value</th></tr></thead><tbody><tr><td><code>A</code></td><td>1</td></tr></tbody></table>',
    );
  });

  it('escapes markup and drops unsafe links', () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) [adr](0001-units.md)');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="#adr/0001-units.md">adr</a>');
  });
});

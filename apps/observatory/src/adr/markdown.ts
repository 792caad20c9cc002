/**
 * Markdown → HTML for the ADR reader, by markdown-it (CommonMark plus GFM tables; ADR-0016).
 * Safety is markdown-it's `html: false`: every `<`, `>`, `&` and quote in ADR text is written as
 * an entity, so no tag or attribute in the text reaches the DOM. On top of that, links are limited
 * to `safeHref` (ADR files, which become reader links `#adr/NNNN-title.md`, http(s) and plain
 * relative paths); any other link target (javascript:, data:, vbscript:, `..`) is left as text.
 * Images are off (the reader shows text; an image would be a fetch). Reference: markdown-it
 * `docs/security.md` (pinned 15.0.3).
 */
import MarkdownIt from 'markdown-it';

/** The reader link for an ADR file name, a plain href for http(s) or a safe relative path, or null. */
export function safeHref(href: string): string | null {
  const adr = /^(?:\.\/)?(?:\.\.\/adr\/)?(\d{4}-[\w.-]+\.md|README\.md)$/.exec(href);
  if (adr) return `#adr/${adr[1]}`;
  if (/^https?:\/\/[^\s"'<>]+$/.test(href)) return href;
  if (/^[\w./#-]+$/.test(href) && !href.includes('..')) return href;
  return null;
}

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.disable('image');
md.validateLink = (url) => safeHref(url) !== null;
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx];
  token.attrSet('href', safeHref(String(token.attrGet('href') ?? '')) ?? '#');
  return self.renderToken(tokens, idx, options);
};

/** The HTML of one ADR's Markdown text; safe to assign to `innerHTML` (see the header). */
export function renderMarkdown(text: string): string {
  return md.render(text);
}

/**
 * The ADR reader: every `docs/adr/*.md` bundled at build time (no fetch at run time, CSP-safe),
 * the index (README, with the terrain algorithm version table) and each ADR rendered by
 * `renderMarkdown`. Opens on `#adr` / `#adr/<file>`; closes back to the view.
 */
import { renderMarkdown } from './markdown';

const FILES = import.meta.glob('../../../../docs/adr/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export function adrFiles(): Map<string, string> {
  const m = new Map<string, string>();
  for (const [path, text] of Object.entries(FILES)) m.set(path.slice(path.lastIndexOf('/') + 1), text);
  return m;
}

export class AdrReader {
  private readonly files = adrFiles();

  constructor(private readonly root: HTMLElement) {
    addEventListener('hashchange', () => this.route());
    this.route();
  }

  private route(): void {
    const m = /^#adr(?:\/(.+))?$/.exec(location.hash);
    if (!m) {
      this.root.hidden = true;
      return;
    }
    const name = m[1] ? decodeURIComponent(m[1]) : 'README.md';
    const text = this.files.get(name);
    const nav = [...this.files.keys()]
      .sort()
      .map(
        (f) => `<a href="#adr/${f}"${f === name ? ' aria-current="page"' : ''}>${f.replace(/\.md$/, '')}</a>`,
      )
      .join(' ');
    this.root.innerHTML =
      `<nav class="adr-nav"><a href="#">✕ close</a> ${nav}</nav>` +
      `<article>${text === undefined ? `<p>No ADR named ${name.replace(/[<>&"]/g, '')}.</p>` : renderMarkdown(text)}</article>`;
    this.root.hidden = false;
    this.root.scrollTop = 0;
  }
}

/**
 * The ADR reader: every `docs/adr/*.md` bundled at build time (no fetch at run time, CSP-safe),
 * the index (README, with the terrain algorithm version table) and each ADR rendered by
 * `renderMarkdown`. Opens on `#adr` / `#adr/<file>`; closes back to the view. A bad link (malformed
 * escape, not an ADR link) shows a notice and the index or the view instead (`adrLink.ts`).
 */
import { renderMarkdown } from './markdown';
import { parseAdrHash } from './adrLink';
import { setNotice, shownInput } from '../notices';

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
    const link = parseAdrHash(location.hash);
    setNotice('adr-link', link.problem);
    if (link.show === 'view') {
      this.root.hidden = true;
      return;
    }
    const name = link.file;
    const text = this.files.get(name);
    const nav = [...this.files.keys()]
      .sort()
      .map(
        (f) => `<a href="#adr/${f}"${f === name ? ' aria-current="page"' : ''}>${f.replace(/\.md$/, '')}</a>`,
      )
      .join(' ');
    // File names and ADR text come from the build (renderMarkdown escapes every text run); the
    // requested name comes from the link, so it is only ever set as text.
    this.root.innerHTML = `<nav class="adr-nav"><a href="#">✕ close</a> ${nav}</nav><article></article>`;
    const article = this.root.querySelector('article')!;
    if (text === undefined) {
      const p = document.createElement('p');
      p.textContent = `No ADR named ${shownInput(name)}.`;
      article.append(p);
    } else article.innerHTML = renderMarkdown(text);
    this.root.hidden = false;
    this.root.scrollTop = 0;
  }
}

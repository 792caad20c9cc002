/**
 * The ADR reader: every `docs/adr/*.md` bundled at build time (no fetch at run time, CSP-safe),
 * the index (README, with the terrain algorithm version table) and each ADR rendered by
 * `renderMarkdown` (markdown-it, no raw HTML; loaded with the first ADR shown). Opens on `#adr` / `#adr/<file>`; closes back to the view. A bad link (malformed
 * escape, not an ADR link) shows a notice and the index or the view instead (`adrLink.ts`).
 */
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

/** The renderer (markdown-it, ~95 kB) loads with the first ADR shown, not with the app. */
const loadRenderer = () => import('./markdown');

export class AdrReader {
  private readonly files = adrFiles();
  /** Counts `show` calls: a render that resolves after a later `show` is dropped. */
  private shown = 0;

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
    this.show(link.file, this.files.get(link.file));
  }

  /**
   * Shows `text` as the ADR named `name` (the text of a bundled file, or any text a test hands
   * it: the test hook `showAdrText`), or a "no ADR named" line when `text` is undefined.
   */
  show(name: string, text: string | undefined): void {
    const nav = [...this.files.keys()]
      .sort()
      .map(
        (f) => `<a href="#adr/${f}"${f === name ? ' aria-current="page"' : ''}>${f.replace(/\.md$/, '')}</a>`,
      )
      .join(' ');
    // File names come from the build and renderMarkdown writes no tag from ADR text; the
    // requested name comes from the link, so it is only ever set as text.
    this.root.innerHTML = `<nav class="adr-nav"><a href="#">✕ close</a> ${nav}</nav><article></article>`;
    const article = this.root.querySelector('article')!;
    const call = ++this.shown;
    if (text === undefined) {
      const p = document.createElement('p');
      p.textContent = `No ADR named ${shownInput(name)}.`;
      article.append(p);
    } else {
      void loadRenderer().then(({ renderMarkdown }) => {
        if (call === this.shown) article.innerHTML = renderMarkdown(text);
      });
    }
    this.root.hidden = false;
    this.root.scrollTop = 0;
  }
}

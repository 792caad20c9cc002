/**
 * ADR text written to break the reader: raw script and event-handler tags, javascript:/data:
 * links in every Markdown link form, entity-encoded tags, unclosed tags and tags inside code
 * spans. Used by `markdown.test.ts` (the HTML string) and `e2e/adrHostile.spec.ts` (the DOM the
 * real reader builds from it). Each payload that ran would set `window.__landfallPwned` (the test kit's MARKER).
 */
export const HOSTILE_ADR = [
  '# Hostile <script>window.__landfallPwned = 1</script> title',
  '',
  '<script>window.__landfallPwned = 2</script>',
  '',
  'Text <img src=x onerror="window.__landfallPwned = 3"> and <svg onload="window.__landfallPwned = 4">.',
  '',
  '<iframe srcdoc="<script>parent.__landfallPwned = 5</script>"></iframe>',
  '',
  '- [js](javascript:window.__landfallPwned=6) [JS](JaVaScRiPt:window.__landfallPwned=7)',
  '- [data](data:text/html,<script>window.__landfallPwned=8</script>) [vb](vbscript:x)',
  '- autolink <javascript:window.__landfallPwned=9> and [ref][evil]',
  '- [title](https://example.org "t\\" onmouseover=\\"window.__landfallPwned=10")',
  '- entities &lt;script&gt;window.__landfallPwned=11&lt;/script&gt; &#60;img src=x onerror=window.__landfallPwned=12&#62;',
  '- unclosed <b onmouseover="window.__landfallPwned=13" and <a href="javascript:window.__landfallPwned=14">',
  '- `<script>window.__landfallPwned=15</script>` and **`<img src=x onerror=window.__landfallPwned=16>`**',
  '',
  '```html',
  '<script>window.__landfallPwned = 17</script>',
  '```',
  '',
  '<!-- <script>window.__landfallPwned = 18</script> -->',
  '',
  '[evil]: javascript:window.__landfallPwned=19',
].join('\n');

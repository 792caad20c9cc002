// ESLint rule `landfall/boundaries`: enforces the nx project tags' dependency constraints
// (tools/architecture/constraints.json) on every import and export-from.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEdge, projectOf, projectsByName, repoRoot } from '../architecture/rules.js';

function workspaceProjects() {
  const out = [];
  for (const group of ['packages', 'apps']) {
    const base = join(repoRoot, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      const pj = join(base, name, 'package.json');
      if (!existsSync(pj)) continue;
      const json = JSON.parse(readFileSync(pj, 'utf8'));
      out.push({ name: json.name, dir: join(base, name), tags: json.nx?.tags ?? [] });
    }
  }
  const tools = JSON.parse(readFileSync(join(repoRoot, 'tools', 'package.json'), 'utf8'));
  out.push({ name: tools.name, dir: join(repoRoot, 'tools'), tags: tools.nx.tags });
  return out;
}

let byName;
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'nx project dependency order' } },
  create(context) {
    byName ??= projectsByName(workspaceProjects());
    const file = context.filename;
    const from = projectOf(file);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const msg = checkEdge(from, node.source.value, file, byName);
      if (msg) context.report({ node, message: msg });
    };
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression(node) {
        if (node.source.type === 'Literal') check({ source: node.source });
      },
    };
  },
};

export default { rules: { boundaries: rule } };

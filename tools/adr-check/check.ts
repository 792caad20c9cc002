/**
 * The ADR contract checker (ADR-0000). Every exported UPPER_CASE numeric constant in
 * `packages/*\/src` must appear in exactly one ADR Contracts row whose value is the constant's
 * exact float64 text (`String(value)`), and every Contracts row must name a constant that exists
 * in the file its "where" column names. Pure over its inputs, so tests can plant mismatches.
 */

export interface CodeConstant {
  name: string;
  value: number;
  /** Repo-relative path of the file that exports it. */
  file: string;
}

export interface ContractRow {
  name: string;
  value: string;
  unit: string;
  where: string;
  /** ADR file and 1-based line, for messages. */
  adr: string;
  line: number;
}

const strip = (cell: string): string => cell.trim().replace(/^`|`$/g, '').trim();

/** Rows of every Markdown table under a `## Contracts` heading (until the next `## `). */
export function parseContracts(adr: string, text: string): ContractRow[] {
  const rows: ContractRow[] = [];
  const lines = text.split('\n');
  let inSection = false;
  let header = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^##\s/.test(line)) {
      inSection = /^##\s+Contracts\b/i.test(line);
      header = false;
      continue;
    }
    if (!inSection || !line.trim().startsWith('|')) continue;
    const cells = line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map(strip);
    if (!header) {
      header = true; // the header row
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
    if (cells.length < 4)
      throw new Error(`${adr}:${i + 1}: a Contracts row needs name | value | unit | where`);
    rows.push({ name: cells[0], value: cells[1], unit: cells[2], where: cells[3], adr, line: i + 1 });
  }
  return rows;
}

/** Returns one message per violation; empty when code and ADRs agree. */
export function checkContracts(constants: CodeConstant[], adrs: { file: string; text: string }[]): string[] {
  const errors: string[] = [];
  const rows = adrs.flatMap((a) => parseContracts(a.file, a.text));
  const byName = new Map<string, ContractRow[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  const seen = new Set<string>();
  for (const c of constants) {
    const key = `${c.file}#${c.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const mine = (byName.get(c.name) ?? []).filter((r) => r.where.split('#')[0] === c.file);
    if (mine.length === 0) {
      errors.push(`${c.file}: ${c.name} = ${String(c.value)} has no ADR Contracts row (where: ${c.file})`);
    } else if (mine.length > 1) {
      errors.push(
        `${c.name} appears in ${mine.length} Contracts rows: ${mine.map((r) => `${r.adr}:${r.line}`).join(', ')}`,
      );
    } else if (mine[0].value !== String(c.value)) {
      errors.push(
        `${mine[0].adr}:${mine[0].line}: ${c.name} is ${mine[0].value} in the ADR but ${String(c.value)} in ${c.file}`,
      );
    }
  }
  const defined = new Set(constants.map((c) => `${c.file}#${c.name}`));
  for (const r of rows) {
    const file = r.where.split('#')[0];
    if (!defined.has(`${file}#${r.name}`)) {
      errors.push(
        `${r.adr}:${r.line}: row ${r.name} points at ${r.where}, which exports no such numeric constant`,
      );
    }
  }
  return errors;
}

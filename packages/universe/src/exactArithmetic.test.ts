/// <reference types="node" />
// Exact arithmetic only (HOUSE_STYLE §6, ADR-0005): scans every non-test source file of the
// package with comments and string literals stripped, and fails on any Math call outside the
// allowlist, on `**`, and on clocks or randomness.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ALLOWED = new Set(['floor', 'ceil', 'trunc', 'abs', 'min', 'max', 'sqrt', 'imul', 'fround']);
// Math's value properties are fixed float64 values in the spec (ECMA-262 §21.3.1), not computations.
const CONSTANTS = new Set(['PI', 'E', 'LN2', 'LN10', 'LOG2E', 'LOG10E', 'SQRT2', 'SQRT1_2']);
const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Removes comments and the contents of string and template literals (keeps code positions). */
export function stripCode(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, '""');
}

/** Violations in one source text. */
export function violations(text: string): string[] {
  const code = stripCode(text);
  const out: string[] = [];
  for (const m of code.matchAll(/\bMath\s*\.\s*([A-Za-z0-9_]+)/g)) {
    if (!ALLOWED.has(m[1]) && !CONSTANTS.has(m[1])) out.push(`Math.${m[1]}`);
  }
  if (/\*\*/.test(code)) out.push('**');
  for (const m of code.matchAll(/\b(Date|performance|crypto)\b/g)) out.push(m[1]);
  return out;
}

describe('exact arithmetic source scan', () => {
  const files = sources(root);

  it('finds the sources (cannot pass on an empty glob)', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.endsWith('elevation.ts'))).toBe(true);
  });

  it('has teeth: flags forbidden calls, ignores comments and strings', () => {
    expect(violations('const a = Math.sin(x) + Math.pow(2, 3);')).toEqual(['Math.sin', 'Math.pow']);
    expect(violations('const b = x ** 2;')).toEqual(['**']);
    expect(violations('const t = Date.now();')).toEqual(['Date']);
    expect(violations('const a = 2 * Math.PI * r; const b = Math.cbrt(a);')).toEqual(['Math.cbrt']);
    expect(violations('// Math.exp(1)\n/* Math.log(2) */ const s = "Math.tan"; Math.sqrt(2);')).toEqual([]);
  });

  it('every non-test universe source uses exact arithmetic only', () => {
    const bad = files.flatMap((f) => violations(readFileSync(f, 'utf8')).map((v) => `${f}: ${v}`));
    expect(bad).toEqual([]);
  });
});

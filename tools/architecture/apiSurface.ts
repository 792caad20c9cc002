/**
 * A package entry's public API as text (ADR-0017): one block per export, sorted by name, with its
 * kind and shape as the type checker sees it — a function's signatures, a class's public members,
 * an interface's or object type's members, a constant's (widened) type. Types are printed as
 * written where they are named, so a change to an exported type's members is a diff, while a
 * change to a constant's value is not (ADR Contracts tables and adr-check hold values).
 */
import ts from 'typescript';
import { entryExports } from './apiUsage';

const FLAGS =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.WriteArrowStyleSignature |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

function isPublicMember(s: ts.Symbol): boolean {
  const decl = s.valueDeclaration ?? s.declarations?.[0];
  if (!decl) return true;
  if (s.getName().startsWith('#') || s.getName().startsWith('__')) return false;
  const mods = ts.getCombinedModifierFlags(decl as ts.Declaration);
  return !(mods & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected));
}

/** Whether `s` is declared inside `owner` (not inherited). */
function declaredIn(s: ts.Symbol, owner: ts.Node): boolean {
  return (s.declarations ?? []).some(
    (d) => d.pos >= owner.pos && d.end <= owner.end && d.getSourceFile() === owner.getSourceFile(),
  );
}

/** `name: type` lines of the signatures and the public properties of `type` that `keep` keeps. */
function members(
  checker: ts.TypeChecker,
  type: ts.Type,
  at: ts.Node,
  keep: (p: ts.Symbol) => boolean = () => true,
): string[] {
  const out: string[] = [];
  for (const sig of type.getCallSignatures()) out.push(`  ${checker.signatureToString(sig, at, FLAGS)}`);
  for (const sig of type.getConstructSignatures()) {
    out.push(`  new ${checker.signatureToString(sig, at, FLAGS)}`);
  }
  for (const p of checker.getPropertiesOfType(type)) {
    if (!isPublicMember(p) || !keep(p)) continue;
    const pt = checker.getTypeOfSymbolAtLocation(p, at);
    const ro =
      p.valueDeclaration && ts.getCombinedModifierFlags(p.valueDeclaration) & ts.ModifierFlags.Readonly;
    const opt = p.flags & ts.SymbolFlags.Optional ? '?' : '';
    out.push(`  ${ro ? 'readonly ' : ''}${p.getName()}${opt}: ${checker.typeToString(pt, at, FLAGS)}`);
  }
  const index = checker.getIndexInfosOfType(type);
  for (const info of index) {
    out.push(
      `  [key: ${checker.typeToString(info.keyType, at, FLAGS)}]: ${checker.typeToString(info.type, at, FLAGS)}`,
    );
  }
  return out;
}

/** One export's kind and shape. */
function describe(checker: ts.TypeChecker, name: string, s: ts.Symbol): string {
  const decl = s.declarations?.[0];
  if (!decl) return `${name}: (no declaration)`;
  const at = decl;
  const lines: string[] = [];
  if (s.flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(s);
    const heritage = (decl as ts.ClassDeclaration).heritageClauses?.map((h) => h.getText()).join(' ');
    lines.push(`class ${name}${heritage ? ` ${heritage}` : ''} {`);
    const statics = checker.getTypeOfSymbolAtLocation(s, at);
    for (const sig of statics.getConstructSignatures()) {
      lines.push(`  constructor${checker.signatureToString(sig, at, FLAGS).replace(/ => .*$/, '')}`);
    }
    for (const p of checker.getPropertiesOfType(statics)) {
      if (p.getName() === 'prototype' || !isPublicMember(p) || !declaredIn(p, decl)) continue;
      lines.push(
        `  static ${p.getName()}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(p, at), at, FLAGS)}`,
      );
    }
    lines.push(...members(checker, instance, at, (p) => declaredIn(p, decl)), '}');
  } else if (s.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(s, at);
    for (const sig of type.getCallSignatures())
      lines.push(`function ${name}${checker.signatureToString(sig, at, FLAGS)}`);
  } else if (s.flags & ts.SymbolFlags.Interface) {
    const type = checker.getDeclaredTypeOfSymbol(s);
    const heritage = (decl as ts.InterfaceDeclaration).heritageClauses?.map((h) => h.getText()).join(' ');
    const own = (s.declarations ?? []).filter(ts.isInterfaceDeclaration);
    const mine = (m: ts.Symbol) => own.some((d) => declaredIn(m, d));
    lines.push(
      `interface ${name}${heritage ? ` ${heritage}` : ''} {`,
      ...members(checker, type, at, mine),
      '}',
    );
  } else if (s.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(s);
    const text = checker.typeToString(type, at, FLAGS | ts.TypeFormatFlags.InTypeAlias);
    if (ts.isTypeAliasDeclaration(decl) && ts.isTypeLiteralNode(decl.type)) {
      lines.push(`type ${name} = {`, ...members(checker, type, at), '}');
    } else lines.push(`type ${name} = ${text}`);
  } else if (s.flags & ts.SymbolFlags.Variable) {
    const type = checker.getBaseTypeOfLiteralType(checker.getTypeOfSymbolAtLocation(s, at));
    const kind = ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const ? 'const' : 'let';
    lines.push(`${kind} ${name}: ${checker.typeToString(type, at, FLAGS)}`);
  } else if (s.flags & ts.SymbolFlags.Enum) {
    lines.push(`enum ${name}`);
  } else lines.push(`${name}: ${ts.SymbolFlags[s.flags] ?? s.flags}`);
  return lines.join('\n');
}

/** The public API of entry file `entry` as text. */
export function apiSurface(program: ts.Program, entry: string): string {
  const checker = program.getTypeChecker();
  const exports = [...entryExports(program, entry)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${exports.map(([name, s]) => describe(checker, name, s)).join('\n\n')}\n`;
}

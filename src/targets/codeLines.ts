import { LineIndex, parseSrc, type SourceRange } from './lineIndex.js';

/**
 * Which lines of a source file hold code, read from the solc AST (so comments, blank lines and
 * strings never count). A line holds code when it lies in a *code unit* and either
 *  - some AST node of that unit starts on it (statements, expressions, parameters, modifier
 *    invocations, ...; never doc comments), or
 *  - it is part of a function or modifier header (from the `function` keyword to the body's `{`).
 * Code units are implemented functions, modifiers, constructors, fallback/receive functions, free
 * functions, and state variables with an initializer or a public getter. Everything else — events,
 * errors, structs, enums, `using`, imports, pragmas, interface and abstract function declarations,
 * plain state variable declarations, contract headers, lines with only `}` or `);` — is not code.
 */
export interface CodeUnit {
  kind: 'function' | 'modifier' | 'variable';
  /** Name of the declaring contract, library or interface; undefined for free functions. */
  contract?: string;
  range: SourceRange;
  firstLine: number;
  lastLine: number;
  /** Last line of the header (the line of the body's `{`); equals firstLine for variables. */
  headerEnd: number;
  /** Code lines of this unit, ascending. */
  lines: number[];
  /** For a public state variable, the name of the getter solc generates for it. */
  getter?: string;
}

export interface CodeLines {
  units: CodeUnit[];
  /** Units holding each code line (usually one). */
  unitsByLine: Map<number, CodeUnit[]>;
}

interface AstNode {
  nodeType: string;
  src: string;
  [field: string]: unknown;
}

export function codeLines(ast: unknown, lines: LineIndex): CodeLines {
  const units: CodeUnit[] = [];
  const root = ast as AstNode;
  for (const node of children(root)) {
    if (node.nodeType === 'ContractDefinition') {
      for (const member of children(node)) {
        const unit = codeUnit(member, lines, node.name as string);
        if (unit) units.push(unit);
      }
    } else {
      const unit = codeUnit(node, lines, undefined);
      if (unit) units.push(unit);
    }
  }
  const unitsByLine = new Map<number, CodeUnit[]>();
  for (const unit of units) {
    for (const line of unit.lines) {
      const list = unitsByLine.get(line) ?? [];
      list.push(unit);
      unitsByLine.set(line, list);
    }
  }
  return { units, unitsByLine };
}

function codeUnit(node: AstNode, lines: LineIndex, contract: string | undefined): CodeUnit | undefined {
  const kind = unitKind(node);
  if (!kind) return undefined;
  const range = parseSrc(node.src);
  const firstLine = lines.lineOf(range.start);
  const lastLine = lines.lineOf(range.start + Math.max(range.length - 1, 0));
  const body = node.body as AstNode | undefined;
  const headerEnd = body ? lines.lineOf(parseSrc(body.src).start) : firstLine;
  const codeLineSet = new Set<number>();
  for (let line = firstLine; line <= headerEnd; line++) codeLineSet.add(line);
  collectStarts(node, lines, codeLineSet);
  const getter = kind === 'variable' && node.visibility === 'public' ? (node.name as string) : undefined;
  return { kind, contract, range, firstLine, lastLine, headerEnd, lines: [...codeLineSet].sort((a, b) => a - b), ...(getter === undefined ? {} : { getter }) };
}

function unitKind(node: AstNode): CodeUnit['kind'] | undefined {
  switch (node.nodeType) {
    case 'FunctionDefinition':
      return node.body ? 'function' : undefined;
    case 'ModifierDefinition':
      return node.body ? 'modifier' : undefined;
    case 'VariableDeclaration':
      return node.value || node.visibility === 'public' ? 'variable' : undefined;
    default:
      return undefined;
  }
}

/** Adds the start line of `node` and of every descendant, skipping doc comments. */
function collectStarts(node: AstNode, lines: LineIndex, into: Set<number>): void {
  const { start } = parseSrc(node.src);
  if (start >= 0) into.add(lines.lineOf(start));
  for (const child of children(node)) collectStarts(child, lines, into);
}

function children(node: AstNode): AstNode[] {
  const found: AstNode[] = [];
  for (const [field, value] of Object.entries(node)) {
    if (field === 'documentation') continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isAstNode(item)) found.push(item);
    }
  }
  return found;
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).nodeType === 'string' && typeof (value as AstNode).src === 'string';
}

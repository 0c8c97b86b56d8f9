import type { CompiledContract, CompiledProject, SourceFile } from '../compile/index.js';
import type { ChangedFile, Deletion, LineSpan } from '../diff/index.js';
import { codeLines, type CodeLines, type CodeUnit } from './codeLines.js';
import { codeLocations, type CodeLocations } from './codeLocations.js';
import { LineIndex } from './lineIndex.js';
import type { Target } from './types.js';

interface ContractCode {
  contract: CompiledContract;
  deployed: CodeLocations;
  creation: CodeLocations;
}

/** A line to make targets of: a changed code line, or the code that now runs where removed code ran. */
interface TargetLine {
  line: number;
  /** Base lines removed just before it. */
  removed?: LineSpan;
  /** It stands for a deletion at the end of this function: its code is the function's return. */
  exitOf?: CodeUnit;
}

/**
 * Turns changed lines into targets: one per (changed code line, deployable contract whose deployed
 * or creation code holds code of the line's function, modifier or state variable). A library's
 * internal function or a base contract's code becomes a target in every contract it is compiled
 * into. Lines that are not code (see codeLines.ts) produce no target; code lines without
 * instructions are `no-code`. A deletion inside a function makes the code that now runs in its place
 * a target (see `deletionLine`), marked with the lines removed.
 *
 * Change paths must be relative to the project root (solc's source unit names).
 */
export function buildTargets(project: CompiledProject, changes: readonly ChangedFile[]): Target[] {
  const files = changes.flatMap((change) => {
    const source = change.status === 'deleted' ? undefined : project.sources.find((s) => s.path === change.path);
    return source ? [{ change, source, lines: new LineIndex(source.content) }] : [];
  });
  const lineIndexes = new Map(files.map((f) => [f.source.path, f.lines]));
  // A library with external functions runs its own deployed code: its lines are targets there too.
  const code: ContractCode[] = project.contracts
    .filter((c) => c.kind === 'contract' || c.kind === 'library')
    .map((contract) => ({
      contract,
      deployed: codeLocations(contract.deployed, contract.sources, lineIndexes),
      creation: codeLocations(contract.creation, contract.sources, lineIndexes),
    }));

  const targets: Target[] = [];
  for (const { change, source, lines } of files) {
    const ast = project.asts[source.path];
    if (ast === undefined) continue;
    const classified = codeLines(ast, lines);
    const hasExit = (unit: CodeUnit) => code.some((c) => exitPcs(c.deployed, source.path, unit).length + exitPcs(c.creation, source.path, unit).length > 0);
    for (const entry of targetLines(change, classified, hasExit)) {
      const units = entry.exitOf ? [entry.exitOf] : (classified.unitsByLine.get(entry.line) ?? []);
      const made = lineTargets(source, entry, units, code, project.contracts);
      targets.push(...(entry.removed ? made.map((target) => ({ ...target, removed: entry.removed })) : made));
    }
  }
  return targets;
}

/** Changed code lines plus, for each deletion inside a function, the line that stands for it; ascending. */
function targetLines(change: ChangedFile, classified: CodeLines, hasExit: (unit: CodeUnit) => boolean): TargetLine[] {
  const byLine = new Map<number, TargetLine>();
  const add = (entry: TargetLine) => {
    const kept = byLine.get(entry.line);
    byLine.set(entry.line, kept === undefined ? entry : { ...kept, ...entry, removed: joined(kept.removed, entry.removed) });
  };
  for (const line of change.addedLines) if (classified.unitsByLine.has(line)) add({ line });
  for (const deletion of change.deletions) {
    const { after } = deletion;
    const unit = classified.units.find((u) => u.kind !== 'variable' && u.firstLine <= after && after < u.lastLine);
    const entry = unit && deletionLine(unit, deletion, hasExit);
    if (entry) add(entry);
  }
  return [...byLine.values()].sort((a, b) => a.line - b.line);
}

/**
 * What runs where the removed lines ran: the function's next code line; after its last statement,
 * its return (the closing line, whose code is the jump out of the function) — unless the build has
 * no such jump (inlined, via-IR), where the last statement before the deletion stands for it.
 */
function deletionLine(unit: CodeUnit, { after, removed }: Deletion, hasExit: (unit: CodeUnit) => boolean): TargetLine | undefined {
  const next = unit.lines.find((line) => line > after);
  if (next !== undefined) return { line: next, removed };
  if (hasExit(unit)) return { line: unit.lastLine, removed, exitOf: unit };
  const previous = unit.lines.filter((line) => line <= after).pop();
  return previous === undefined ? undefined : { line: previous, removed };
}

/** Two deletions standing on one line (blocks around a comment, say) read as one span. */
function joined(a: LineSpan | undefined, b: LineSpan | undefined): LineSpan | undefined {
  if (a === undefined || b === undefined) return a ?? b;
  return { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) };
}

function lineTargets(
  source: SourceFile,
  { line, exitOf }: TargetLine,
  units: readonly CodeUnit[],
  code: readonly ContractCode[],
  contracts: readonly CompiledContract[],
): Target[] {
  const targets: Target[] = [];
  const pcsIn = (locations: CodeLocations) => {
    const pcs = linePcs(locations, source.path, line, units);
    return exitOf ? [...new Set([...pcs, ...exitPcs(locations, source.path, exitOf)])].sort((a, b) => a - b) : pcs;
  };
  for (const { contract, deployed, creation } of code) {
    const pcs = pcsIn(deployed);
    const creationPcs = pcsIn(creation);
    if (pcs.length > 0 || creationPcs.length > 0) {
      const getter = units.find((unit) => unit.getter !== undefined)?.getter;
      targets.push({ file: source.path, line, contract: contract.id, pcs, creationPcs, ...(getter === undefined ? {} : { getter }), status: 'code' });
    } else if (units.some((unit) => holdsUnit(deployed, source.path, unit) || holdsUnit(creation, source.path, unit))) {
      targets.push(noCode(source, line, contract));
    }
  }
  if (targets.length > 0) return targets;
  // Compiled into no contract. In a concrete contract, an unused internal function: no code. In a
  // library or abstract contract, code that nothing deployable compiled in: `unused`, so that the line
  // is reported as not fuzzed rather than dropped.
  const declaring = contracts.filter((c) => c.file === source.path && units.some((u) => u.contract === c.name));
  return declaring.map((contract) =>
    contract.kind === 'contract' ? noCode(source, line, contract) : { ...noCode(source, line, contract), status: 'unused' as const },
  );
}

function noCode(source: SourceFile, line: number, contract: CompiledContract): Target {
  return { file: source.path, line, contract: contract.id, pcs: [], creationPcs: [], status: 'no-code' };
}

/** The function's return: the jumps out of it, which solc maps to the whole function. */
function exitPcs(locations: CodeLocations, file: string, unit: CodeUnit): number[] {
  return locations.mapped.filter((m) => m.jump === 'o' && m.file === file && m.start === unit.range.start && m.length === unit.range.length).map((m) => m.pc);
}

/**
 * pcs attributed to the line; header lines after the first also get the function's entry and exit
 * code (the instructions mapped to the whole function), so a changed parameter or visibility line
 * is reached when the function runs.
 */
function linePcs(locations: CodeLocations, file: string, line: number, units: readonly CodeUnit[]): number[] {
  const pcs = new Set(locations.byLine.get(file)?.get(line) ?? []);
  for (const unit of units) {
    if (unit.kind === 'variable' || line === unit.firstLine || line > unit.headerEnd) continue;
    for (const m of locations.mapped) {
      if (m.file === file && m.start === unit.range.start && m.length === unit.range.length) pcs.add(m.pc);
    }
  }
  return [...pcs].sort((a, b) => a - b);
}

function holdsUnit(locations: CodeLocations, file: string, unit: CodeUnit): boolean {
  const end = unit.range.start + unit.range.length;
  return locations.mapped.some((m) => m.file === file && m.start >= unit.range.start && m.start + m.length <= end);
}

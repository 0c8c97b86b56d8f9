import type { CompiledContract, CompiledProject, SourceFile } from '../compile/index.js';
import type { ChangedFile } from '../diff/index.js';
import { codeLines, type CodeLines, type CodeUnit } from './codeLines.js';
import { codeLocations, type CodeLocations } from './codeLocations.js';
import { LineIndex } from './lineIndex.js';
import type { Target } from './types.js';

interface ContractCode {
  contract: CompiledContract;
  deployed: CodeLocations;
  creation: CodeLocations;
}

/**
 * Turns changed lines into targets: one per (changed code line, deployable contract whose deployed
 * or creation code holds code of the line's function, modifier or state variable). A library's
 * internal function or a base contract's code becomes a target in every contract it is compiled
 * into. Lines that are not code (see codeLines.ts) produce no target; code lines without
 * instructions are `no-code`. A deletion inside a function makes the nearest remaining code line
 * of that function a target (the next one, else the previous one).
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
    for (const line of targetLines(change, classified)) {
      targets.push(...lineTargets(source, line, classified.unitsByLine.get(line) ?? [], code, project.contracts));
    }
  }
  return targets;
}

/** Changed code lines plus, for each pure deletion inside a function, its nearest code line. */
function targetLines(change: ChangedFile, classified: CodeLines): number[] {
  const lines = new Set(change.addedLines.filter((line) => classified.unitsByLine.has(line)));
  for (const after of change.deletedAfter) {
    for (const unit of classified.units) {
      if (unit.kind === 'variable' || unit.firstLine > after || after + 1 > unit.lastLine) continue;
      const next = unit.lines.find((line) => line > after);
      const nearest = next ?? unit.lines.filter((line) => line <= after).pop();
      if (nearest !== undefined) lines.add(nearest);
    }
  }
  return [...lines].sort((a, b) => a - b);
}

function lineTargets(
  source: SourceFile,
  line: number,
  units: readonly CodeUnit[],
  code: readonly ContractCode[],
  contracts: readonly CompiledContract[],
): Target[] {
  const targets: Target[] = [];
  for (const { contract, deployed, creation } of code) {
    const pcs = linePcs(deployed, source.path, line, units);
    const creationPcs = linePcs(creation, source.path, line, units);
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

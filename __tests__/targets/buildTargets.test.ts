import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import type { ChangedFile, Deletion } from '../../src/diff/types.js';
import { instructions, stripMetadata } from '../../src/bytecode/instructions.js';
import { buildTargets } from '../../src/targets/buildTargets.js';
import type { Target } from '../../src/targets/types.js';

const ROOT = fileURLToPath(new URL('../../__fixtures__/targets/', import.meta.url));

/** 1-based line of the unique line containing `marker`. */
function lineOf(file: string, marker: string): number {
  const lines = readFileSync(`${ROOT}${file}`, 'utf8').split('\n');
  const found = lines.flatMap((text, i) => (text.includes(marker) ? [i + 1] : []));
  if (found.length !== 1) throw new Error(`marker '${marker}' found ${found.length} times in ${file}`);
  return found[0];
}

const modified = (path: string, addedLines: number[], deletions: Deletion[] = []): ChangedFile => ({
  path,
  status: 'modified',
  addedLines,
  deletions,
});

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: ROOT, paths: ['.'] });
});

function targetsAt(file: string, marker: string): Target[] {
  return buildTargets(project, [modified(file, [lineOf(file, marker)])]);
}

/** Opcode names at the target's pcs, in pc order. */
function opsOf(contract: string, pcs: number[], code: 'deployed' | 'creation' = 'deployed'): string[] {
  const compiled = project.contracts.find((c) => c.name === contract)!;
  const byPc = new Map([...instructions(stripMetadata(compiled[code].bytecode))].map((i) => [i.pc, i.op.name]));
  return pcs.map((pc) => byPc.get(pc)!);
}

describe('buildTargets on compiled fixtures', () => {
  it('gives a for header its condition check and loop jump', () => {
    const [target] = targetsAt('Loops.sol', 'for-header');
    expect(target).toMatchObject({ contract: 'Loops.sol:Loops', status: 'code', creationPcs: [] });
    const ops = opsOf('Loops', target.pcs);
    expect(ops.join(' ')).toMatch(/LT ISZERO PUSH\d JUMPI/);
    expect(ops).toContain('JUMP'); // the back edge after `i++`
  });

  it('gives an array read its bounds check', () => {
    const [target] = targetsAt('Loops.sol', 'array-read');
    const ops = opsOf('Loops', target.pcs).join(' ');
    // length SLOAD, index < length, JUMPI over the jump to the 0x32 panic helper.
    expect(ops).toMatch(/SLOAD DUP2 LT PUSH\d JUMPI/);
  });

  it('gives a require its comparison and JUMPI, and not the code of other lines', () => {
    const [target] = targetsAt('Loops.sol', 'require-line');
    const ops = opsOf('Loops', target.pcs).join(' ');
    expect(ops).toMatch(/GT PUSH\d JUMPI/);
    expect(ops).toContain('REVERT');
    const [next] = buildTargets(project, [modified('Loops.sol', [lineOf('Loops.sol', 'require-line') + 1])]);
    expect(next.pcs.filter((pc) => target.pcs.includes(pc))).toEqual([]); // `return x - y` keeps its own code
  });

  it('puts constructor lines in creation code', () => {
    const [target] = targetsAt('Loops.sol', 'constructor-line');
    expect(target.pcs).toEqual([]);
    expect(opsOf('Loops', target.creationPcs, 'creation')).toContain('SSTORE');
  });

  it('gives a state variable initializer creation pcs and its getter deployed pcs', () => {
    const [target] = targetsAt('Loops.sol', 'uint256 public total = 7;');
    expect(opsOf('Loops', target.creationPcs, 'creation')).toContain('SSTORE');
    expect(opsOf('Loops', target.pcs)).toContain('SLOAD');
  });

  it('gives a parameter line of a function header the function entry', () => {
    const [param] = targetsAt('Loops.sol', 'param-line');
    const header = buildTargets(project, [modified('Loops.sol', [lineOf('Loops.sol', 'function check(')])])[0];
    expect(param.status).toBe('code');
    expect(header.pcs).toEqual(expect.arrayContaining(param.pcs));
  });

  it('makes no targets for comments, blank lines, closing braces, pragma and the contract header', () => {
    const lines = ['a block comment', 'spanning lines', '// a line comment', 'pragma solidity', 'contract Loops {'].map((m) => lineOf('Loops.sol', m));
    const blank = lineOf('Loops.sol', '// a line comment') + 1;
    const closing = lineOf('Loops.sol', 'array-read') + 1;
    expect(buildTargets(project, [modified('Loops.sol', [...lines, blank, closing])])).toEqual([]);
  });

  it('marks a code line that compiled to nothing, and an unused function, as no-code', () => {
    expect(targetsAt('Loops.sol', 'unchecked-line')).toEqual([
      { file: 'Loops.sol', line: lineOf('Loops.sol', 'unchecked-line'), contract: 'Loops.sol:Loops', pcs: [], creationPcs: [], status: 'no-code' },
    ]);
    expect(targetsAt('Loops.sol', 'unused-body')).toMatchObject([{ contract: 'Loops.sol:Loops', status: 'no-code' }]);
  });

  it('turns a deletion inside a function into a target on the next code line, marked with the lines removed', () => {
    const forHeader = lineOf('Loops.sol', 'for-header');
    const deletions = [
      { after: forHeader - 1, removed: { from: forHeader, to: forHeader + 1 } },
      // Between contract members: no code ran there.
      { after: lineOf('Loops.sol', 'contract Loops'), removed: { from: 6, to: 6 } },
    ];
    const targets = buildTargets(project, [modified('Loops.sol', [], deletions)]);
    expect(targets.map((t) => [t.line, t.removed])).toEqual([[forHeader, { from: forHeader, to: forHeader + 1 }]]);
    // The next line's own code, as if it had changed itself.
    expect(targets[0].pcs).toEqual(targetsAt('Loops.sol', 'for-header')[0].pcs);
  });

  it("turns a deletion after a function's last statement into a target on its return", () => {
    const lastStatement = lineOf('Loops.sol', 's = s * 2;');
    const closing = lineOf('Loops.sol', '// a line comment') + 2;
    const targets = buildTargets(project, [modified('Loops.sol', [], [{ after: lastStatement + 1, removed: { from: 22, to: 23 } }])]);
    expect(targets.map((t) => [t.line, t.removed, t.status])).toEqual([[closing, { from: 22, to: 23 }, 'code']]);
    // Only the jump out of `sum`: not its entry from the dispatcher (reached by calls that revert inside).
    expect(opsOf('Loops', targets[0].pcs)).toEqual(['JUMP']);
  });

  it('joins two deletions that stand on one line, and keeps an added line that is one of them', () => {
    const forHeader = lineOf('Loops.sol', 'for-header');
    const deletions = [
      { after: forHeader - 1, removed: { from: 14, to: 14 } },
      { after: forHeader - 1, removed: { from: 16, to: 17 } },
    ];
    const targets = buildTargets(project, [modified('Loops.sol', [forHeader], deletions)]);
    expect(targets.map((t) => [t.line, t.removed])).toEqual([[forHeader, { from: 14, to: 17 }]]);
  });

  it('attributes an internal library function to every contract that uses it', () => {
    const targets = targetsAt('Shared.sol', 'library-line');
    expect(targets.map((t) => [t.contract, t.status])).toEqual([
      ['Shared.sol:Shop', 'code'],
      ['Shared.sol:Market', 'code'],
    ]);
    const shop = project.contracts.find((c) => c.name === 'Shop')!;
    const pushes = [...instructions(stripMetadata(shop.deployed.bytecode))].filter((i) => targets[0].pcs.includes(i.pc)).map((i) => i.push);
    expect(pushes).toContain(100n); // the `/ 100` divisor, before the jump to the checked-division helper
  });

  it('attributes base contract code to the derived contract', () => {
    expect(targetsAt('Shared.sol', 'base-line').map((t) => [t.contract, t.status])).toEqual([['Shared.sol:Shop', 'code']]);
  });

  it('makes no targets for interface lines or deleted files', () => {
    expect(targetsAt('Shared.sol', 'interface-line')).toEqual([]);
    expect(buildTargets(project, [{ path: 'Loops.sol', status: 'deleted', addedLines: [], deletions: [] }])).toEqual([]);
  });
});

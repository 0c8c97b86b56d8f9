/**
 * Acceptance for `lookout pr` (issue 3): throwaway repositories with a base and a head commit, run
 * in-process through runCommand with a fixed seed and a transaction budget, checked on the JSON report.
 */
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledCode } from '../../src/compile/types.js';
import { instructions, stripMetadata } from '../../src/bytecode/instructions.js';
import { lineOf, lookoutPr, PrRepo, pullRequest, targetSummary, type PrRun } from './prRepo.js';

const sol = (...lines: string[]) => ['// SPDX-License-Identifier: MIT', 'pragma solidity ^0.8.20;', '', ...lines, ''].join('\n');

const COUNTER = sol(
  'contract Counter {',
  '    uint256 public count;',
  '    uint256 public total;',
  '',
  '    function bump(uint256 by) external {',
  '        if (by > 5) {',
  '            count += 1;',
  '        } else {',
  '            count += by;',
  '        }',
  '        total += by;',
  '        total += 1;',
  '    }',
  '}',
);

const repos: PrRepo[] = [];
afterAll(async () => {
  await Promise.all(repos.map((r) => r.dispose()));
});

/**
 * Seed 1 reaches every target here within the first two sequences, and finds the assertion and the
 * panic below within four transactions; fewer than 100 would save no time (building costs more).
 */
const BUDGET = '100x';

async function pr(base: Record<string, string>, head: Record<string, string | null>, budget = BUDGET): Promise<PrRun> {
  const repo = await pullRequest(base, head);
  repos.push(repo);
  return lookoutPr(repo, { budget });
}

const compiled = (run: PrRun) => run.log.some((line) => /^== Compiling/.test(line));

describe('lookout pr on throwaway repositories', () => {
  it('makes the lines of a new function targets and reaches them', async () => {
    const head = COUNTER.replace(
      '    function bump',
      ['    function reset(uint256 to) external {', '        count = to;', '        total = 0;', '    }', '', '    function bump'].join('\n'),
    );
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    expect(run.status).toBe(0);
    const body = [lineOf(head, 'count = to;'), lineOf(head, 'total = 0;')];
    expect(run.report.targets.map((t) => t.line)).toEqual(expect.arrayContaining(body));
    for (const target of run.report.targets) {
      expect(target).toMatchObject({ file: 'src/Counter.sol', contract: 'Counter', status: 'reached' });
      expect(target.line).toBeGreaterThanOrEqual(lineOf(head, 'function reset'));
      expect(target.line).toBeLessThan(lineOf(head, 'function bump'));
      expect(target.pcs.length).toBeGreaterThan(0);
      expect(target.firstReachedSequence).toBeGreaterThanOrEqual(1);
    }
    // The new reset() changes what later calls do (bump() after it no longer overflows): a behaviour
    // change the report lists without failing the check; nothing else is found.
    expect(run.report.findings.filter((f) => f.kind !== 'behaviour-change')).toEqual([]);
  });

  it('targets a modified condition', async () => {
    const head = COUNTER.replace('if (by > 5)', 'if (by >= 5)');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    expect(run.status).toBe(0);
    expect(targetSummary(run.report.targets)).toEqual([['Counter', lineOf(head, 'if (by >= 5)'), 'reached']]);
  });

  it('turns deleted lines into a target on the nearest remaining line of the function', async () => {
    const head = COUNTER.replace('        total += by;\n', '');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    expect(run.status).toBe(0);
    expect(targetSummary(run.report.targets)).toEqual([['Counter', lineOf(head, 'total += 1;'), 'reached']]);
  });

  it('makes a changed library function a target in both contracts that use it', async () => {
    const library = (divisor: number) =>
      sol('library Fees {', '    function cut(uint256 amount) internal pure returns (uint256) {', `        return amount / ${divisor};`, '    }', '}');
    const users = sol(
      'import {Fees} from "./Fees.sol";',
      '',
      'contract Shop {',
      '    uint256 public last;',
      '    function price(uint256 amount) external {',
      '        last = amount - Fees.cut(amount);',
      '    }',
      '}',
      '',
      'contract Market {',
      '    uint256 public last;',
      '    function tax(uint256 amount) external {',
      '        last = Fees.cut(amount) * 2;',
      '    }',
      '}',
    );
    const run = await pr({ 'src/Fees.sol': library(100), 'src/Users.sol': users }, { 'src/Fees.sol': library(50) });
    expect(run.status).toBe(0);
    const line = lineOf(library(50), 'amount / 50');
    expect(run.report.targets.map((t) => [t.file, t.contract, t.line, t.status]).sort()).toEqual([
      ['src/Fees.sol', 'Market', line, 'reached'],
      ['src/Fees.sol', 'Shop', line, 'reached'],
    ]);
  });

  it('reaches a changed constructor line at deployment', async () => {
    const base = COUNTER.replace('    function bump', '    constructor() {\n        total = 1;\n    }\n\n    function bump');
    const head = base.replace('total = 1;', 'total = 2;');
    const run = await pr({ 'src/Counter.sol': base }, { 'src/Counter.sol': head });
    expect(run.status).toBe(0);
    expect(run.report.targets).toEqual([
      expect.objectContaining({ contract: 'Counter', line: lineOf(head, 'total = 2;'), status: 'reached', firstReachedSequence: 0 }),
    ]);
  });

  it('reports targets of a renamed and edited file under its new path', async () => {
    const head = COUNTER.replace('total += 1;', 'total += 2;');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': null, 'contracts/Tally.sol': head });
    expect(run.status).toBe(0);
    expect(run.report.targets.map((t) => [t.file, t.line, t.status])).toEqual([['contracts/Tally.sol', lineOf(head, 'total += 2;'), 'reached']]);
  });

  it('makes no targets for a comment-only change and exits 0', async () => {
    const base = COUNTER.replace('    function bump', '    /// @notice Adds to the count.\n    function bump');
    const head = base
      .replace('@notice Adds to the count.', '@notice Adds `by` to the count, or 1 when `by` is large.')
      .replace('        total += 1;', '        // One more for the road.\n\n        /* and a block\n           comment */\n        total += 1;');
    const run = await pr({ 'src/Counter.sol': base }, { 'src/Counter.sol': head });
    expect(run.status).toBe(0);
    expect(run.report.targets).toEqual([]);
    expect(run.report.findings).toEqual([]);
    expect(run.report.errors).toBeUndefined();
  });

  it('finishes a PR without Solidity changes fast, with an empty report and no compiler', async () => {
    const run = await pr({ 'src/Counter.sol': COUNTER, 'README.md': 'hello\n' }, { 'README.md': 'hello world\n', 'docs/notes.txt': 'x\n' }, '50000x');
    expect(run.status).toBe(0);
    expect(compiled(run)).toBe(false);
    expect(run.report).toMatchObject({ targets: [], findings: [], stats: { sequences: 0, transactions: 0 } });
    expect(run.report.errors).toBeUndefined();
    expect(run.wallMs).toBeLessThan(5_000);
  });

  it('exits 2 naming file:line when the head does not compile, and still writes the report', async () => {
    const head = COUNTER.replace('total += 1;', 'total += 1');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    expect(run.status).toBe(2);
    const where = `src/Counter.sol:${lineOf(head, 'total += 1') + 1}`; // solc reports the missing `;` at the next token
    expect(run.log.join('\n')).toContain(where);
    expect(run.report.errors).toEqual([expect.stringContaining(where)]);
    expect(run.report.targets).toEqual([]);
    expect(run.report.findings).toEqual([]);
  });

  it('compares nothing when the base does not compile: introduced null, exit 1', async () => {
    const base = COUNTER.replace('total += 1;', 'total += 1');
    const head = COUNTER.replace(
      '    function bump',
      '    function boom(uint256 x) external {\n        count = x;\n        assert(x != 7);\n    }\n\n    function bump',
    );
    const run = await pr({ 'src/Counter.sol': base }, { 'src/Counter.sol': head });
    expect(run.status).toBe(1);
    expect(run.report.findings).toEqual([
      expect.objectContaining({ kind: 'assertion', contract: 'Counter', line: lineOf(head, 'assert(x != 7)'), introduced: null, executesChangedLines: true }),
    ]);
    expect(run.log.join('\n')).toMatch(/base revision \w+ does not compile/);
    expect(run.report.errors).toBeUndefined();
  });

  it('reaches a changed line of a view function', async () => {
    const base = COUNTER.replace(
      '    function bump',
      '    function scaled(uint256 k) external view returns (uint256) {\n        return count * k;\n    }\n\n    function bump',
    );
    const head = base.replace('return count * k;', 'return count * k + total;');
    const run = await pr({ 'src/Counter.sol': base }, { 'src/Counter.sol': head });
    expect(targetSummary(run.report.targets)).toEqual([['Counter', lineOf(head, 'return count * k + total;'), 'reached']]);
  });

  it("reaches a changed public state variable's line through the getter solc generates for it", async () => {
    const head = COUNTER.replace('    uint256 public total;', '    uint256 public total;\n    mapping(uint256 => uint256) public tallies;');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    expect(targetSummary(run.report.targets)).toEqual([['Counter', lineOf(head, 'tallies;'), 'reached']]);
  });

  it('counts only the code lines of a test file the pull request adds as not fuzzed, not its comments, pragma or imports', async () => {
    const test = [
      '// SPDX-License-Identifier: MIT',
      'pragma solidity ^0.8.20;',
      '',
      'import {Counter} from "../src/Counter.sol";',
      '',
      '/// Bumps once.',
      'contract CounterTest {',
      '    // The counter under test.',
      '    Counter internal counter = new Counter();',
      '',
      '    function test_bump() public {',
      '        counter.bump(1);',
      '    }',
      '}',
      '',
    ].join('\n');
    const head = COUNTER.replace('total += 1;', 'total += 2;');
    const run = await pr({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head, 'test/Counter.t.sol': test });
    const testLines = run.report.targets.filter((t) => t.file === 'test/Counter.t.sol');
    expect(testLines.map((t) => [t.line, t.status])).toEqual(
      ['Counter internal counter', 'function test_bump', 'counter.bump(1);'].map((code) => [lineOf(test, code), 'not-fuzzed']),
    );
  });
});

describe('revisions that are not simply HEAD~1..HEAD', () => {
  it('diffs head against its merge-base with base, not against the tip of base', async () => {
    const repo = await PrRepo.create();
    repos.push(repo);
    await repo.write('src/Counter.sol', COUNTER);
    await repo.commit('base');
    await repo.git('checkout', '-q', '-b', 'feature');
    const head = COUNTER.replace('if (by > 5)', 'if (by > 6)');
    await repo.write('src/Counter.sol', head);
    await repo.commit('feature');
    await repo.git('checkout', '-q', 'main');
    await repo.write('src/Counter.sol', COUNTER.replace('total += 1;', 'total += 3;'));
    await repo.commit('main moves on');
    await repo.git('checkout', '-q', 'feature');

    const run = await lookoutPr(repo, { budget: BUDGET, base: 'main', head: 'feature' });
    expect(run.status).toBe(0);
    expect(targetSummary(run.report.targets)).toEqual([['Counter', lineOf(head, 'if (by > 6)'), 'reached']]);
  });

  it('fuzzes a head that is not checked out, reporting paths relative to the repository', async () => {
    const head = COUNTER.replace('if (by > 5)', 'if (by > 6)');
    const repo = await pullRequest({ 'src/Counter.sol': COUNTER }, { 'src/Counter.sol': head });
    repos.push(repo);
    await repo.write('src/Counter.sol', COUNTER.replace('contract Counter', 'contract Checkedout'));
    await repo.commit('later');

    const run = await lookoutPr(repo, { budget: BUDGET, base: 'HEAD~2', head: 'HEAD~1' });
    expect(run.status).toBe(0);
    expect(run.report.targets.map((t) => [t.file, t.contract, t.line, t.status])).toEqual([
      ['src/Counter.sol', 'Counter', lineOf(head, 'if (by > 6)'), 'reached'],
    ]);
  });
});

/** pc → source range, from solc's compressed source map (an empty field repeats the previous entry's). */
function sourceRanges(code: CompiledCode): Map<number, { start: number; length: number }> {
  const byPc = new Map<number, { start: number; length: number }>();
  const pcs = [...instructions(stripMetadata(code.bytecode))].map((i) => i.pc);
  let entry = { start: -1, length: -1 };
  code.sourceMap.split(';').forEach((item, index) => {
    const [start, length] = item.split(':');
    entry = { start: start ? Number(start) : entry.start, length: length ? Number(length) : entry.length };
    if (index < pcs.length) byPc.set(pcs[index], entry);
  });
  return byPc;
}

describe('target pcs through lookout pr', () => {
  const LOOPS = sol(
    'contract Loops {',
    '    uint256[] public items;',
    '    uint256 public last;',
    '',
    '    constructor() {',
    '        items.push(1);',
    '    }',
    '',
    '    function sum(uint256 n) external {',
    '        uint256 s;',
    '        for (uint256 i = 0; i < n; i++) {',
    '            s += items[i];',
    '        }',
    '        last = s;',
    '    }',
    '}',
  );
  const HEAD = LOOPS.replace('for (uint256 i = 0; i < n; i++)', 'for (uint256 i = 0; i < n; ++i)').replace('s += items[i];', 's += 2 * items[i];');

  it('maps a changed for header to its condition check and an array read to its bounds check', async () => {
    const run = await pr({ 'src/Loops.sol': LOOPS }, { 'src/Loops.sol': HEAD });
    const header = run.report.targets.find((t) => t.line === lineOf(HEAD, '++i'))!;
    const read = run.report.targets.find((t) => t.line === lineOf(HEAD, '2 * items[i]'))!;
    expect([header.status, read.status]).toEqual(['reached', 'reached']);

    const project = await compileProject({ root: run.repo.dir, paths: ['src'] });
    const code = project.contracts.find((c) => c.name === 'Loops')!.deployed;
    const ops = new Map([...instructions(stripMetadata(code.bytecode))].map((i) => [i.pc, i.op.name]));
    const opsAt = (pcs: number[]) => pcs.map((pc) => ops.get(pc)).join(' ');
    expect(opsAt(header.pcs)).toMatch(/LT ISZERO PUSH\d JUMPI/);
    expect(opsAt(read.pcs)).toMatch(/SLOAD DUP2 LT PUSH\d JUMPI/);

    // solc's own source map (decoded here, not by src/targets): the condition check is `i < n`
    // jumping out of the `for`, the bounds check compares against the length of `items[i]`.
    const ranges = sourceRanges(code);
    const text = (pc: number) => HEAD.slice(ranges.get(pc)!.start, ranges.get(pc)!.start + ranges.get(pc)!.length);
    const checkOf = (pcs: number[]) => {
      const lt = pcs.find((pc) => ops.get(pc) === 'LT')!;
      return [text(lt), text(pcs.find((pc) => pc > lt && ops.get(pc) === 'JUMPI')!)];
    };
    const [condition, loop] = checkOf(header.pcs);
    expect(condition).toBe('i < n');
    expect(loop).toMatch(/^for \(uint256 i = 0; i < n; \+\+i\) \{/);
    expect(checkOf(read.pcs)).toEqual(['items[i]', 'items[i]']);

    // items has one element, so sum(2) reads past its end: a panic the base had too.
    expect(run.report.findings).toEqual([expect.objectContaining({ kind: 'panic', panicCode: '0x32', line: read.line, introduced: false })]);
    expect(run.status).toBe(0);
  });
});

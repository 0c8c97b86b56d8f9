/**
 * `lookout pr --lcov` (issue 32): the head's and the base's line coverage, read back by an LCOV parser
 * from the registry; changed lines the campaign ran have hits, one it cannot reach has 0, a line only
 * the base has is counted from the behaviour comparison's replays on the base, and the same seed and
 * budget give the same bytes, on one worker thread or two.
 */
import lcovParser from '@friedemannsommer/lcov-parser/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lineOf, lookoutPr, PrRepo, pullRequest } from './prRepo.js';

const sol = (...lines: string[]) => ['// SPDX-License-Identifier: MIT', 'pragma solidity ^0.8.20;', '', ...lines, ''].join('\n');

const BASE = sol('contract Gate {', '    uint256 public knocks;', '', '    function knock(uint256 key) external {', '        knocks += key % 2;', '    }', '}');
// The guarded line needs a preimage of a hash: no campaign reaches it.
const HEAD = BASE.replace(
  '        knocks += key % 2;',
  ['        knocks += 1;', '        if (keccak256(abi.encode(key)) == bytes32(uint256(1))) {', '            knocks = 0;', '        }'].join('\n'),
);

/** Seed 1 calls knock() in its first sequence; 100 transactions leave room and cost less than the build. */
const BUDGET = '100x';

let repo: PrRepo;
beforeAll(async () => {
  repo = await pullRequest({ 'project/foundry.toml': '', 'project/src/Gate.sol': BASE }, { 'project/src/Gate.sol': HEAD });
});
afterAll(async () => {
  await repo.dispose();
});

async function lcov(name: string, workers: number): Promise<string> {
  const file = path.join(repo.dir, name);
  const run = await lookoutPr(repo, { budget: BUDGET, extra: ['--repo', 'project', '--lcov', name, '--workers', String(workers)] });
  expect(run.status).toBe(0);
  return readFileSync(file, 'utf8');
}

describe('lookout pr --lcov', () => {
  it('counts the lines the campaign ran, 0 for the one it could not, paths from the repository root', async () => {
    const text = await lcov('one.lcov', 1);
    const sections = lcovParser({ from: text });
    expect(sections.map((s) => [s.name, s.path])).toEqual([
      ['head', 'project/src/Gate.sol'],
      ['base', 'project/src/Gate.sol'],
    ]);
    const hits = new Map(sections[0].lines.details.map((d) => [d.line, d.hit]));
    expect(hits.get(lineOf(HEAD, 'knocks += 1;'))).toBeGreaterThan(0);
    expect(hits.get(lineOf(HEAD, 'if (keccak256'))).toBeGreaterThan(0);
    expect(hits.get(lineOf(HEAD, 'knocks = 0;'))).toBe(0);
    // Lines without code (the closing braces, the blank line) have no record.
    expect(hits.has(lineOf(HEAD, 'uint256 public knocks;') + 1)).toBe(false);
    expect(sections[0].lines.instrumented).toBe(hits.size);
    expect(sections[0].lines.hit).toBe([...hits.values()].filter((h) => h > 0).length);
    // Deterministic: the same seed and budget write the same bytes.
    expect(await lcov('again.lcov', 1)).toBe(text);
  });

  it("counts the base's lines, through the base build's source maps, from the comparison's replays there", async () => {
    const [, base] = lcovParser({ from: await lcov('base.lcov', 1) });
    const hits = new Map(base.lines.details.map((d) => [d.line, d.hit]));
    // The line the pull request removed exists only on the base: head's sequences calling knock() ran it there.
    expect(hits.get(lineOf(BASE, 'knocks += key % 2;'))).toBeGreaterThan(0);
    // Base line numbers, not head's: head's guarded line falls on the base's closing lines, which hold no code.
    expect(hits.has(lineOf(HEAD, 'knocks = 0;'))).toBe(false);
    expect(base.lines.hit).toBe([...hits.values()].filter((h) => h > 0).length);
  });

  it('adds up what two worker threads ran, on head and on the base, the same bytes on every run', async () => {
    const text = await lcov('two.lcov', 2);
    const [head, base] = lcovParser({ from: text });
    const hits = new Map(head.lines.details.map((d) => [d.line, d.hit]));
    expect(hits.get(lineOf(HEAD, 'knocks += 1;'))).toBeGreaterThan(0);
    expect(hits.get(lineOf(HEAD, 'knocks = 0;'))).toBe(0);
    // Each worker compares its own sequences on a base of its own: their counts join the campaign's.
    expect(base.lines.details.find((d) => d.line === lineOf(BASE, 'knocks += key % 2;'))!.hit).toBeGreaterThan(0);
    expect(await lcov('two-again.lcov', 2)).toBe(text);
  });
});

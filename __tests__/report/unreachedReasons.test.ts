import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../src/command.js';
import { memoryLogger } from '../../src/logger.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import type { Report } from '../../src/report/types.js';
import { conditionText } from '../../src/targets/branchLocation.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const FILE = '__fixtures__/targets/HashGuarded.sol';
const source = readFileSync(path.join(REPO_ROOT, FILE), 'utf8').split('\n');
const lineOf = (marker: string) => source.findIndex((l) => l.includes(`// ${marker}`)) + 1;

describe('why a changed line was never executed', () => {
  let report: Report;
  let log: string;

  beforeAll(async () => {
    const json = path.join(mkdtempSync(path.join(tmpdir(), 'lookout-unreached-')), 'r.json');
    const targets = ['behind-open', 'behind-unlock', 'reached'].map((m) => `${FILE}:${lineOf(m)}`).join(',');
    const logger = memoryLogger();
    const status = await runCommand(['fuzz', FILE, '--targets', targets, '--budget', '300x', '--seed', '1', '--json', json], { cwd: REPO_ROOT, logger });
    expect(status).toBe(0);
    log = logger.lines.join('\n');
    report = JSON.parse(readFileSync(json, 'utf8')) as Report;
  }, 120_000);

  const targetAt = (marker: string) => report.targets.find((t) => t.line === lineOf(marker))!;

  it('names the nearest branch never taken toward each unreached line, with its condition as written', () => {
    expect(targetAt('behind-open')).toMatchObject({
      status: 'unreached',
      missedBranch: { file: FILE, line: lineOf('guard-open'), condition: 'if (keccak256(abi.encode(key)) == bytes32(uint256(0x1337)))' },
    });
    expect(targetAt('behind-unlock')).toMatchObject({
      status: 'unreached',
      missedBranch: {
        file: FILE,
        line: lineOf('guard-unlock'),
        condition: 'require(keccak256(abi.encode(secret)) == bytes32(uint256(0xbeef)), "wrong secret")',
      },
    });
    expect(targetAt('reached').status).toBe('reached');
    expect(targetAt('reached').missedBranch).toBeUndefined();
  });

  it('says it in the headline of the terminal and the comment', () => {
    const expected = `${FILE}:${lineOf('behind-open')} (no run took the branch at ${FILE}:${lineOf('guard-open')} toward it: if (keccak256(abi.encode(key)) == bytes32(uint256(0x1337))))`;
    expect(log).toContain(`✗ 2 changed lines were never executed: ${expected}`);
    expect(renderMarkdown(report).replace(/\\/g, '')).toContain(expected);
  });
});

describe('conditionText', () => {
  it.each([
    ['if (a > b) {\n  x = 1;\n}', 'if (a > b)'],
    ['require(f(a, (b)),\n    "no")', 'require(f(a, (b)), "no")'],
    ['while (i < n) { i++; }', 'while (i < n)'],
    ['a > b', 'a > b'],
    [`if (${'x'.repeat(200)})`, `if (${'x'.repeat(95)}…`],
  ])('%j → %j', (text, condition) => {
    expect(conditionText(text)).toBe(condition);
  });
});

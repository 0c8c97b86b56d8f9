/**
 * Issue 30, item 6: a reproducer is a regression test — forge fails it on head and passes it on the
 * base, as Lookout's runner does. __fixtures__/masking's `bug` pull request drops `claim`'s tier
 * check: `claim(4, 1)` panics (0x32) on head, and on the base reverts with "no such tier", which is
 * the base turning the call down, not the finding. __fixtures__/reproducers/Payroll.sol takes every
 * argument shape the campaign calls with, in its constructor (every reproducer's setUp()) and a call.
 */
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AbiParameter } from 'viem';
import { isForgeAvailable } from '../../src/compile/forge/index.js';
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import { typedArguments } from '../../src/reproducers/source/arguments.js';
import { runWithForge } from '../../src/reproducers/forge.js';
import type { RunOutcome } from '../../src/reproducers/verify.js';
import type { ReportFinding } from '../../src/report/types.js';
import { fixturePullRequest, lookoutPr, type PrRepo, type PrRun } from '../pr/prRepo.js';
import { forgeBinary, serveSolcWrappers } from '../helpers/solcWrapper.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const FIXTURE = fileURLToPath(new URL('../../__fixtures__/masking', import.meta.url));
const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });
if (!forgeRuns) console.warn(`not running reproducers with forge: ${forgeBinary()} does not run on this machine`);

let repo: PrRepo;
let pr: PrRun;
let introduced: ReportFinding;
/** The run's `--reproducers` folder, and (with forge) the `forge` on PATH: the real one, logging each invocation. */
let outputs: string;
const PATH = process.env.PATH;
beforeAll(async () => {
  repo = await fixturePullRequest(FIXTURE, 'bug');
  outputs = await mkdtemp(path.join(tmpdir(), 'lookout-reproducers-'));
  if (forgeRuns) {
    await serveSolcWrappers(path.join(outputs, 'home', '.svm'), ['0.8.37']);
    const wrapper = [`#!/bin/sh`, `echo "$*" >> ${path.join(outputs, 'forge.log')}`, `HOME=${path.join(outputs, 'home')} exec ${forgeBinary()} "$@"`];
    await mkdir(path.join(outputs, 'bin'));
    await writeFile(path.join(outputs, 'bin', 'forge'), `${wrapper.join('\n')}\n`);
    await chmod(path.join(outputs, 'bin', 'forge'), 0o755);
    process.env.PATH = `${path.join(outputs, 'bin')}${path.delimiter}${PATH}`;
  }
  try {
    // Seed 1 reaches claim(4, 1) within 150 transactions; twice that.
    pr = await lookoutPr(repo, { budget: '300x', extra: ['--reproducers', path.join(outputs, 'reproducers')] });
  } finally {
    // This run alone: forge writes out/ and cache/ into the project it tests (the fuzz runs below test this repository).
    process.env.PATH = PATH;
  }
  introduced = pr.report.findings.find((f) => f.kind === 'panic' && f.introduced)!;
}, 300_000);
afterAll(async () => {
  await repo?.dispose();
  await rm(outputs, { recursive: true, force: true });
});

/** Lookout's runner's verdicts (a \`forge\` on PATH without a compiler it can use adds a skipped run). */
const runsOf = (finding: ReportFinding) => finding.reproducer!.runs.filter((r) => r.runner === 'lookout').map((r) => [r.revision, r.outcome]);

it('an introduced panic whose call the base turns down with a require: verified, failing on head with the panic and passing on the base', () => {
  expect(introduced.sequence.at(-1)!.function).toBe('claim(uint256,uint256)');
  expect(introduced.reproducer).toMatchObject({ verified: true, reason: null });
  expect(runsOf(introduced)).toEqual([
    ['head', 'failed'],
    ['base', 'passed'],
  ]);
  expect(introduced.reproducer!.runs[0].reason).toBe('Panic 0x32: array index out of bounds');
});

it('pins the pragma of the finding’s source file, not the compiler Lookout picked', () => {
  expect(introduced.reproducer!.source).toContain('pragma solidity ^0.8.20;');
});

it('without forge-std, writes LookoutBase.sol once beside the reproducers, which import it and declare no Vm of their own', async () => {
  const reproducers = pr.report.findings.flatMap((f) => (f.reproducer?.source ? [f.reproducer] : []));
  expect(reproducers.length).toBeGreaterThan(1);
  expect((await readdir(path.join(outputs, 'reproducers'))).sort()).toEqual(['LookoutBase.sol', ...reproducers.map((r) => r.file)].sort());
  const base = await readFile(path.join(outputs, 'reproducers', 'LookoutBase.sol'), 'utf8');
  expect(base).toContain('interface Vm {');
  for (const { source } of reproducers) {
    expect(source).toMatch(/^import \{ReproducerBase, Vm[^}]*\} from "\.\/LookoutBase\.sol";$/m);
    expect(source).not.toContain('interface Vm');
  }
});

(forgeRuns ? it : it.skip)('forge judges every reproducer of the run in one invocation, each by its own test', async () => {
  const log = (await readFile(path.join(outputs, 'forge.log'), 'utf8')).trim().split('\n');
  expect(log.filter((line) => line.startsWith('test '))).toHaveLength(1);
  const reproducers = pr.report.findings.flatMap((f) => (f.reproducer?.source ? [f.reproducer] : []));
  // Each fails on head as Lookout's runner says it does, and with its own reason.
  for (const reproducer of reproducers) {
    const forge = reproducer.runs.find((r) => r.runner === 'forge')!;
    expect({ file: reproducer.file, ...forge }).toEqual({
      file: reproducer.file,
      runner: 'forge',
      revision: 'head',
      outcome: 'failed',
      reason: expect.any(String),
    });
  }
  expect(new Set(reproducers.map((r) => r.runs.find((run) => run.runner === 'forge')!.reason)).size).toBeGreaterThan(1);
});

/** `forge test` on the finding's reproducer in a project `prepare` writes into a fresh folder, its solc a solc-js stand-in. */
async function forgeIn(prepare: (project: string) => Promise<void>, finding: ReportFinding): Promise<RunOutcome> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-'));
  try {
    const project = path.join(dir, 'project');
    await prepare(project);
    // forge compiles src/, test/ and script/: a project run with forge has a test folder, where the reproducer is written.
    await mkdir(path.join(project, 'test'), { recursive: true });
    await serveSolcWrappers(path.join(dir, 'home', '.svm'), ['0.8.37']);
    const { file, contract, source, base } = finding.reproducer!;
    const [outcome] = await runWithForge(project, [{ file, contract, source, solidityVersion: '0.8.37', ...(base && { base: base.file }) }], {
      forge: forgeBinary(),
      env: { ...process.env, HOME: path.join(dir, 'home') },
    });
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The pull request's repository checked out at `revision`. */
const checkout = (revision: string) => async (project: string) => {
  await promisify(execFile)('git', ['clone', '-q', repo.dir, project]);
  await promisify(execFile)('git', ['-C', project, 'checkout', '-q', revision]);
};

(forgeRuns ? it : it.skip)(
  'forge agrees: the reproducer fails on head with the panic and passes on the base',
  async () => {
    const [head, base] = [await forgeIn(checkout('HEAD'), introduced), await forgeIn(checkout('HEAD~1'), introduced)];
    expect(head.outcome).toBe('failed');
    expect(head.reason).toMatch(/0x32/);
    expect(base).toEqual({ outcome: 'passed', reason: null });
  },
  300_000,
);

describe('every argument shape the campaign calls with (reproducers/Payroll.sol)', () => {
  const fuzz = async (file: string, budget: string) => {
    const config = fuzzConfig(REPO_ROOT, [`__fixtures__/reproducers/${file}`], { budget: parseBudget(budget), workers: 1, stopWhen: 'finding' });
    return (await runPipeline(config, { logger: memoryLogger() })).report;
  };
  let finding: ReportFinding;
  beforeAll(async () => {
    // Seed 1 finds the assertion after 4 transactions.
    finding = (await fuzz('Payroll.sol', '10x')).findings.find((f) => f.kind === 'assertion')!;
  }, 120_000);

  it('writes address[], a struct with an address payable, a nested array, bytes and address payable as typed arguments, and fails with the assertion', () => {
    const source = finding.reproducer!.source;
    expect(source).toContain(
      // The payees are every sender (issue 31: the accounts the fuzzer controls hold roles); the schedule is as long.
      'payroll = new Payroll(dynamicArray([deployer, alice, bob]), Payroll.Terms(payable(alice), 1), dynamicArray([dynamicArray([uint256(1)]), dynamicArray([uint256(1)]), dynamicArray([uint256(1)])]), "", payable(deployer));',
    );
    expect(source).toMatch(/abi\.encodeCall\(payroll\.pay, \(new address\[\]\(0\), Payroll\.Terms\(payable\(.+?\), 1\d\d\), new uint256\[2\]\[\]\(0\), /);
    expect(source).toContain('function dynamicArray(uint256[][3] memory items) pure returns (uint256[][] memory list) {');
    expect(finding.reproducer).toMatchObject({ verified: true, reason: null });
    expect(finding.reproducer!.runs.find((r) => r.runner === 'lookout')).toMatchObject({ outcome: 'failed', reason: 'Panic 0x01: assertion failed' });
  });

  (forgeRuns ? it : it.skip)(
    'forge builds and fails it with the assertion',
    async () => {
      const fixture = async (project: string) => {
        await mkdir(path.join(project, '__fixtures__/reproducers'), { recursive: true });
        await copyFile(path.join(REPO_ROOT, '__fixtures__/reproducers/Payroll.sol'), path.join(project, '__fixtures__/reproducers/Payroll.sol'));
      };
      const run = await forgeIn(fixture, finding);
      expect(run.outcome).toBe('failed');
      expect(run.reason).toMatch(/assert/i);
    },
    300_000,
  );

  it('the safe twin: nothing found', async () => {
    expect((await fuzz('PayrollSafe.sol', '100x')).findings).toEqual([]);
  }, 120_000);
});

describe('typed arguments', () => {
  const names = new Map([['0x0000000000000000000000000000000000020000', 'alice']]);
  const param = (type: string, internalType = type, components?: AbiParameter[]) =>
    ({ type, internalType, ...(components ? { components } : {}) }) as AbiParameter;

  it('types an inline array by its first element, builds dynamic arrays (nested too), and writes structs by their contract-qualified name', () => {
    const need: string[] = [];
    const terms = param('tuple', 'struct Payroll.Terms', [param('address', 'address payable'), param('uint8')]);
    const texts = typedArguments(
      [
        param('uint256[2][]'),
        param('bytes'),
        param('address', 'address payable'),
        param('string[]'),
        param('tuple[]', 'struct Payroll.Terms[]', [...(terms as { components: readonly AbiParameter[] }).components]),
      ],
      [
        [
          ['1', '2'],
          ['3', '4'],
        ],
        '0xabcd',
        '0x0000000000000000000000000000000000020000',
        ['a', 'bc'],
        [['0x0000000000000000000000000000000000020000', '7']],
      ],
      names,
      (type) => need.push(type),
    );
    expect(texts).toEqual([
      'dynamicArray([[uint256(1), 2], [uint256(3), 4]])',
      'hex"abcd"',
      'payable(alice)',
      'dynamicArray([string("a"), "bc"])',
      'dynamicArray([Payroll.Terms(payable(alice), 7)])',
    ]);
    expect(new Set(need)).toEqual(new Set(['uint256[2][2]', 'string[2]', 'Payroll', 'Payroll.Terms[1]']));
  });

  it("imports an empty array's element type: its declaring contract is named though no element is written", () => {
    const need: string[] = [];
    const pair = param('tuple[]', 'struct IAllowanceTransfer.TokenSpenderPair[]', [param('address'), param('address')]);
    expect(typedArguments([pair], [[]], names, (type) => need.push(type))).toEqual(['new IAllowanceTransfer.TokenSpenderPair[](0)']);
    expect(need).toEqual(['IAllowanceTransfer']);
  });

  it('leaves a struct declared outside a contract to raw calldata', () => {
    expect(typedArguments([param('tuple', 'struct Terms', [param('uint8')])], [['1']], names, () => {})).toBeUndefined();
  });
});

/**
 * Issue 29, item 4: Solidity's getters answer an index past the end with Panic 0x32 (OpenZeppelin's
 * getRoleMember(role, 7), payee(3), checkpoints(account, pos)): not findings. A view function's own
 * loop running past the end, and a state-changing function indexing past the end, stay findings.
 * On real solc output of each code generator, then `lookout fuzz` on the fixtures.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeFunctionData, hexToBytes, type Abi } from 'viem';
import { decodeRevert } from '../../src/abi/revert.js';
import { DEFAULT_PANIC_CODES } from '../../src/abi/panic.js';
import { compileProject } from '../../src/compile/compile.js';
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { Executor } from '../../src/evm/executor.js';
import type { Tx, TxResult } from '../../src/evm/types.js';
import { memoryLogger } from '../../src/logger.js';
import { isGetterIndexPanic, NO_READ_ONLY_CALLS, readOnlyCalls } from '../../src/oracles/getterPanic.js';
import { checkTransaction, transactionOracles } from '../../src/oracles/transaction.js';
import type { Report } from '../../src/report/types.js';
import { runPipeline } from '../../src/run/pipeline.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const FIXTURES = path.join(REPO_ROOT, '__fixtures__/oracles');
const FILES = ['IndexedRecords.sol', 'IndexGetters.sol', 'IndexGettersViewLoop.sol', 'IndexGettersReplace.sol'];
const CONTRACTS = ['IndexGetters', 'IndexGettersViewLoop', 'IndexGettersReplace'];
const ROLE = `0x${'11'.repeat(32)}`;

/** The bounds check is compiled differently by each: the rule must hold for all three. */
const CODEGENS = [
  { name: 'legacy', toml: '' },
  { name: 'legacy, optimised', toml: 'optimizer = true\n' },
  { name: 'via IR, optimised', toml: 'optimizer = true\nvia_ir = true\n' },
];

describe.each(CODEGENS)('getter panics compiled $name', ({ toml }) => {
  let dir: string;
  let executor: Executor;
  let abis: Abi[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-getters-'));
    for (const file of FILES) cpSync(path.join(FIXTURES, file), path.join(dir, 'src', file));
    writeFileSync(path.join(dir, 'foundry.toml'), `[profile.default]\nsrc = "src"\n${toml}`);
    const project = await compileProject({ root: dir, paths: ['src'] });
    const contracts = CONTRACTS.map((name) => project.contracts.find((c) => c.name === name)!);
    abis = contracts.map((c) => c.abi);
    executor = await Executor.create(contracts.map((c) => ({ name: c.name, abi: c.abi, creationCode: c.creation.bytecode })));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => executor.reset());

  const txOf = (to: number, functionName: string, args: unknown[] = []): Tx => ({
    sender: 1,
    to,
    data: hexToBytes(encodeFunctionData({ abi: abis[to], functionName, args } as Parameters<typeof encodeFunctionData>[0])),
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
  });

  /** The transaction's kinds of failure, judged with the world's ABIs (or none), and whether it reverted with Panic 0x32. */
  async function judge(tx: Tx, withAbis = true): Promise<{ kinds: string[]; outOfBounds: boolean }> {
    const result = await executor.run(tx);
    const oracles = transactionOracles({ panicCodes: DEFAULT_PANIC_CODES, readsOnly: withAbis ? readOnlyCalls(abis) : NO_READ_ONLY_CALLS });
    const reason = result.outcome.kind === 'revert' ? decodeRevert(result.outcome.data) : undefined;
    return { kinds: checkTransaction(tx, result, oracles).map((f) => f.kind), outOfBounds: reason?.kind === 'panic' && reason.code === 0x32 };
  }

  const alice = () => executor.senderAddresses[1];
  /** Getter calls refusing their index (the last call), after the calls that set the records up. */
  const refusals: { name: string; calls: () => Tx[] }[] = [
    { name: 'getRoleMember(role, 7) with no members', calls: () => [txOf(0, 'getRoleMember', [ROLE, 7n])] },
    {
      name: 'getRoleMember(role, 1) with one member, the index equal to the length',
      calls: () => [txOf(0, 'grantRole', [ROLE, alice()]), txOf(0, 'getRoleMember', [ROLE, 1n])],
    },
    { name: 'checkpoints(alice, 2) with one', calls: () => [txOf(0, 'delegate', [5n]), txOf(0, 'checkpoints', [alice(), 2])] },
  ];

  async function judgeLast(calls: Tx[], withAbis = true) {
    for (const tx of calls.slice(0, -1)) expect((await executor.run(tx)).outcome.kind).toBe('success');
    return judge(calls[calls.length - 1], withAbis);
  }

  it.each(refusals)('$name: no failure', async ({ calls }) => {
    expect(await judgeLast(calls())).toEqual({ kinds: [], outOfBounds: true });
  });

  it.each(refusals)('$name: a failure to an oracle that does not know which calls only read', async ({ calls }) => {
    expect(await judgeLast(calls(), false)).toEqual({ kinds: ['panic'], outOfBounds: true });
  });

  it("leaves solc's own public-array getter alone: it reverts without a panic", async () => {
    await executor.run(txOf(0, 'push', [5n]));
    const result = await executor.run(txOf(0, 'values', [3n]));
    expect(result.outcome).toMatchObject({ kind: 'revert', data: new Uint8Array() });
  });

  it("reports a view function's own loop past the end: the index is no argument", async () => {
    expect(await judge(txOf(1, 'totalValues'))).toEqual({ kinds: ['panic'], outOfBounds: true });
  });

  it('reports a state-changing function indexing past the end, though the index is its argument', async () => {
    expect(await judge(txOf(2, 'replace', [0n, 9n]))).toEqual({ kinds: ['panic'], outOfBounds: true });
  });

  it('does not take a check it cannot place for the failing one (cut jump log, later jumps)', async () => {
    const tx = txOf(0, 'getRoleMember', [ROLE, 7n]);
    const result = await executor.run(tx);
    const readsOnly = readOnlyCalls(abis);
    const jumps = Uint32Array.from(result.trace.jumps);
    const copy = (trace: Partial<TxResult['trace']>): TxResult => ({ ...result, trace: { ...result.trace, jumps, ...trace } });
    expect(isGetterIndexPanic(tx, copy({}), readsOnly)).toBe(true);
    expect(isGetterIndexPanic(tx, copy({ jumpsTruncated: true }), readsOnly)).toBe(false);
    expect(isGetterIndexPanic(tx, copy({ jumps: Uint32Array.from([...jumps, 1, 2, 3, 4]) }), readsOnly)).toBe(false);
    // Another index than the argument's.
    const other = txOf(0, 'getRoleMember', [ROLE, 8n]);
    expect(isGetterIndexPanic(other, copy({}), readsOnly)).toBe(false);
  });
});

describe('lookout fuzz on the index fixtures', () => {
  /** Seed 1 finds replace()'s panic after 240 transactions and totalValues()'s after 7: twice the slower. */
  const BUDGET = '500x';

  async function fuzz(file: string): Promise<Report> {
    const config = fuzzConfig(REPO_ROOT, [`__fixtures__/oracles/${file}`], { budget: parseBudget(BUDGET), seed: 1 });
    return (await runPipeline(config, { logger: memoryLogger() })).report;
  }

  it.each([
    ['IndexGettersViewLoop.sol', 11, 'totalValues()'],
    ['IndexGettersReplace.sol', 17, 'replace(uint256,uint256)'],
  ])('%s: the out-of-bounds panic is found', async (file, line, fn) => {
    const report = await fuzz(file);
    expect(report.findings.map((f) => [f.kind, f.panicCode, f.line, f.function])).toEqual([['panic', '0x32', line, fn]]);
  });

  // Without the getter rule this reports getRoleMember's and checkpoints' panics within 25 transactions.
  it('IndexGetters.sol: the getters refusing indexes report nothing at the same budget', async () => {
    const report = await fuzz('IndexGetters.sol');
    expect(report.findings).toEqual([]);
    expect(report.stats.transactions).toBeGreaterThanOrEqual(500);
  });
});

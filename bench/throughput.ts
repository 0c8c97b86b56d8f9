import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, paramsEVM } from '@ethereumjs/evm';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { Account, createAddressFromBigInt } from '@ethereumjs/util';
import { encodeFunctionData, hexToBytes, type Abi } from 'viem';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { compileProject } from '../src/compile/compile.js';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { Executor, SENDER_BALANCE } from '../src/evm/executor.js';
import { SENDER_ADDRESSES } from '../src/config/chainConfig.js';
import type { Tx } from '../src/evm/types.js';
import { withTransactionTape } from './transactionTape.js';

export interface Throughput {
  rawCallsPerSecond: number;
  executorTxPerSecond: number;
  /** The same executor without its opcode hooks: what the instrumentation itself costs. */
  uninstrumentedTxPerSecond: number;
  /** executor / raw */
  ratio: number;
}

/**
 * ERC-20 `transfer` calls per second: a bare `runCall` loop (SimpleStateManager, no hooks: the
 * ceiling for one core) against the Executor with all instrumentation on and with it off. Each loop runs `seconds`.
 */
export async function benchThroughput(seconds: number): Promise<Throughput> {
  const { abi, creationCode } = await compileToken();
  // Sender i pays sender i+1: the deployer first hands out tokens so all three can pay.
  const transfers = SENDER_ADDRESSES.map((_, i) =>
    hexToBytes(encodeFunctionData({ abi, functionName: 'transfer', args: [SENDER_ADDRESSES[(i + 1) % 3], 1n] })),
  );
  const seed = [1, 2].map((i) => hexToBytes(encodeFunctionData({ abi, functionName: 'transfer', args: [SENDER_ADDRESSES[i], 10n ** 23n] })));
  const rawCallsPerSecond = await rawLoop(creationCode, seed, transfers, seconds);
  const executorTxPerSecond = await executorLoop(abi, creationCode, seed, transfers, seconds, true);
  const uninstrumentedTxPerSecond = await executorLoop(abi, creationCode, seed, transfers, seconds, false);
  return { rawCallsPerSecond, executorTxPerSecond, uninstrumentedTxPerSecond, ratio: executorTxPerSecond / rawCallsPerSecond };
}

/** Transactions per second of campaign a quiet core runs: sizes the execution budget of a campaign meant to last about `seconds`. */
const CAMPAIGN_TX_PER_SECOND = 1000;

/**
 * A whole campaign (`lookout fuzz` on the token) with this many workers: transactions per second of
 * fuzzing (the slowest worker's campaign time; start-up is in `wallMs`). An execution budget, so that
 * a worker's slow start on a busy machine shortens no campaign.
 */
export async function benchCampaign(seconds: number, workers: number): Promise<{ workers: number; txPerSecond: number; transactions: number; wallMs: number }> {
  const started = performance.now();
  const budget = { kind: 'executions' as const, executions: Math.round(seconds * CAMPAIGN_TX_PER_SECOND * workers) };
  const config = fuzzConfig(BENCH_ROOT, ['ERC20.sol'], { budget, workers });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  if (report.errors?.length) throw new Error(`campaign failed: ${report.errors.join('; ')}`);
  return { workers, txPerSecond: report.stats.transactionsPerSecond, transactions: report.stats.transactions, wallMs: performance.now() - started };
}

/** A one-worker campaign of `transactions` on the token and the bare executor loop replaying its transactions (`withTransactionTape`). */
export async function benchCampaignOverBare(transactions: number): Promise<{ campaignTxPerSecond: number; bareTxPerSecond: number }> {
  const { result, replay } = await withTransactionTape(() => benchCampaign(transactions / CAMPAIGN_TX_PER_SECOND, 1));
  return { campaignTxPerSecond: result.txPerSecond, bareTxPerSecond: (await replay()).txPerSecond };
}

interface WorkersRow {
  workers: number;
  txPerSecond: number;
  transactions: number;
  wallMs: number;
  /** What this many threads of plain arithmetic get done relative to one, measured just before: the machine's ceiling right now. */
  cpuScaling: number;
}

/** Campaign throughput with 1, 2 and every core's worth of workers, measured one after the other in this run. */
export async function benchWorkers(seconds: number): Promise<WorkersRow[]> {
  const counts = [...new Set([1, 2, availableParallelism()])];
  const rows: WorkersRow[] = [];
  for (const workers of counts) {
    const cpuScaling = (await spin(workers)) / (await spin(1));
    rows.push({ ...(await benchCampaign(seconds, workers)), cpuScaling });
  }
  return rows;
}

export function printWorkers(rows: readonly WorkersRow[]): void {
  const one = rows.find((r) => r.workers === 1)!.txPerSecond;
  for (const row of rows) {
    console.log(
      `campaign, ${String(row.workers).padStart(2)} worker(s)  ${String(Math.round(row.txPerSecond)).padStart(6)} tx/s  ` +
        `speedup ${(row.txPerSecond / one).toFixed(2)}x  (machine ceiling now ${row.cpuScaling.toFixed(2)}x; ` +
        `${row.transactions} tx, ${(row.wallMs / 1000).toFixed(1)} s wall with start-up)`,
    );
  }
}

/** Loops of plain arithmetic that `threads` busy threads complete in one second, together: on a shared machine the cores are not all ours. */
async function spin(threads: number): Promise<number> {
  const code = `const { parentPort } = require('node:worker_threads'); const end = performance.now() + 1000; let n = 0, x = 0;
    while (performance.now() < end) { for (let j = 0; j < 1e5; j++) x += Math.sqrt(j); n++; } parentPort.postMessage(n);`;
  const counts = await Promise.all(
    Array.from(
      { length: threads },
      () => new Promise<number>((resolve, reject) => new Worker(code, { eval: true }).once('message', resolve).once('error', reject)),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

const BENCH_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench');

async function compileToken(): Promise<{ abi: Abi; creationCode: Uint8Array }> {
  const project = await compileProject({ root: BENCH_ROOT, paths: ['ERC20.sol'] });
  const token = project.contracts.find((c) => c.name === 'ERC20');
  if (token === undefined) throw new Error('ERC20 missing from __fixtures__/bench/ERC20.sol');
  return { abi: token.abi, creationCode: token.creation.bytecode };
}

async function rawLoop(creationCode: Uint8Array, seed: Uint8Array[], transfers: Uint8Array[], seconds: number): Promise<number> {
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Prague, params: paramsEVM });
  const stateManager = new SimpleStateManager();
  const evm = await createEVM({ common, stateManager });
  const senders = SENDER_ADDRESSES.map((a) => createAddressFromBigInt(BigInt(a)));
  for (const sender of senders) await stateManager.putAccount(sender, new Account(0n, SENDER_BALANCE));
  const deployed = await evm.runCall({ caller: senders[0], data: creationCode, gasLimit: 30_000_000n });
  const token = deployed.createdAddress;
  if (token === undefined) throw new Error('raw deployment failed');
  const call = async (sender: number, data: Uint8Array) => {
    const result = await evm.runCall({ caller: senders[sender], to: token, data, gasLimit: 1_000_000n });
    if (result.execResult.exceptionError !== undefined) throw new Error('raw transfer failed');
    // The same tx-boundary hygiene as the executor, or gas (and the work done) would differ.
    await evm.journal.cleanup();
    stateManager.originalStorageCache.clear();
  };
  for (const data of seed) await call(0, data);
  return perSecond(seconds, (i) => call(i % 3, transfers[i % 3]));
}

export async function executorLoop(
  abi: Abi,
  creationCode: Uint8Array,
  seed: Uint8Array[],
  transfers: Uint8Array[],
  seconds: number,
  instrumented: boolean,
): Promise<number> {
  const executor = await Executor.create([{ name: 'ERC20', abi, creationCode }], { instrumented });
  const tx = (sender: number, data: Uint8Array): Tx => ({ sender, to: 0, data, value: 0n, blockDelay: 1, timeDelay: 12 });
  for (const data of seed) await executor.run(tx(0, data));
  const txs = transfers.map((data, i) => tx(i % 3, data));
  return perSecond(seconds, async (i) => {
    const result = await executor.run(txs[i % txs.length]);
    if (result.outcome.kind !== 'success') throw new Error(`executor call ${i % txs.length} failed: ${result.outcome.kind}`);
  });
}

async function perSecond(seconds: number, step: (i: number) => Promise<void>): Promise<number> {
  for (let i = 0; i < 200; i++) await step(i); // warm up the JIT
  const start = performance.now();
  const end = start + seconds * 1000;
  let count = 0;
  while (performance.now() < end) await step(count++);
  return count / ((performance.now() - start) / 1000);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // `tsx bench/throughput.ts [SECONDS] [executor|workers]`: both parts unless one is named.
  const seconds = Number(process.argv[2] ?? 5);
  const part = process.argv[3];
  if (part !== 'workers') printThroughput(await benchThroughput(seconds));
  if (part !== 'executor') printWorkers(await benchWorkers(seconds));
}

export function printThroughput(result: Throughput): void {
  console.log(`raw runCall ceiling       ${Math.round(result.rawCallsPerSecond)} calls/s`);
  console.log(`executor, no hooks        ${Math.round(result.uninstrumentedTxPerSecond)} tx/s`);
  console.log(`executor, instrumented    ${Math.round(result.executorTxPerSecond)} tx/s`);
  console.log(`ratio executor / raw      ${result.ratio.toFixed(2)}`);
}

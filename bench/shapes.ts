import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFunctionData, hexToBytes, type Abi, type AbiFunction, type AbiParameter } from 'viem';
import { compileProject } from '../src/compile/compile.js';
import { SENDER_ADDRESSES } from '../src/config/chainConfig.js';
import { fuzzConfig } from '../src/config/defaults.js';
import { memoryLogger } from '../src/logger.js';
import { runPipeline } from '../src/run/pipeline.js';
import { median } from './stats.js';
import { executorLoop } from './throughput.js';

/** Contracts of __fixtures__/bench/shapes, the value-argument baseline first. */
export const SHAPES = ['Simple', 'Strings', 'Structs', 'Arrays', 'Blockhash'] as const;

export interface ShapeRow {
  shape: string;
  /** Median over seeds. */
  txPerSecond: number;
  /** Per seed, in seed order. */
  perSeed: number[];
  /** Median over seeds of Simple's tx/s over this shape's in the same round: issue 14 wants at most 2. */
  slowdown: number;
  /**
   * Median over rounds of the bare executor loop's tx/s (the shape's functions called round-robin with
   * fixed arguments, instrumented, no campaign) over the campaign's in the same round: issue 31 wants at most 2.
   */
  overBare: number;
  /** Median of the bare loop's tx/s. */
  bareTxPerSecond: number;
}

export async function benchShapes(budgetTransactions: number, seeds: number): Promise<ShapeRow[]> {
  const rounds: number[][] = [];
  const bareRounds: number[][] = [];
  // The bare loop runs about as long as a campaign of the budget at the rate the first round measured.
  const bareSeconds = (shape: number, round: readonly number[]) => Math.max(1, Math.min(10, budgetTransactions / round[shape]));
  for (let seed = 1; seed <= seeds; seed++) {
    const round: number[] = [];
    const bare: number[] = [];
    for (const [i, shape] of SHAPES.entries()) {
      round.push(await shapeThroughput(shape, budgetTransactions, seed));
      bare.push(await bareShapeThroughput(shape, bareSeconds(i, round)));
    }
    rounds.push(round);
    bareRounds.push(bare);
  }
  return SHAPES.map((shape, i) => {
    const perSeed = rounds.map((round) => round[i]);
    return {
      shape,
      txPerSecond: median(perSeed),
      perSeed,
      slowdown: median(rounds.map((round) => round[0] / round[i])),
      bareTxPerSecond: median(bareRounds.map((bare) => bare[i])),
      overBare: median(bareRounds.map((bare, r) => bare[i] / rounds[r][i])),
    };
  });
}

/**
 * The shape's state-changing functions called round-robin by the three senders on the instrumented
 * executor alone: what one core does without a campaign around it (no mutation, schedule, corpus,
 * oracles or property calls).
 */
async function bareShapeThroughput(shape: string, seconds: number): Promise<number> {
  const project = await compileProject({ root: SHAPES_ROOT, paths: [`${shape}.sol`] });
  const contract = project.contracts.find((c) => c.name === shape)!;
  const functions = (contract.abi as Abi).filter(
    (item): item is AbiFunction => item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure',
  );
  const calls = functions.map((f) => hexToBytes(encodeFunctionData({ abi: [f], functionName: f.name, args: f.inputs.map((p, i) => sampleArgument(p, i)) })));
  return executorLoop(contract.abi, contract.creation.bytecode, [], calls, seconds, true);
}

/** A fixed, typical value of the parameter's type: small numbers, a sender, a short string, two-element arrays. */
function sampleArgument(parameter: AbiParameter, index: number): unknown {
  const { type } = parameter;
  const list = type.match(/^(.*)\[(\d*)\]$/);
  if (list) return Array.from({ length: Number(list[2] || 2) }, (_, i) => sampleArgument({ ...parameter, type: list[1] }, index + i));
  if (type === 'tuple' && 'components' in parameter) return Object.fromEntries(parameter.components.map((c, i) => [c.name, sampleArgument(c, i)]));
  if (type === 'address') return SENDER_ADDRESSES[index % SENDER_ADDRESSES.length];
  if (type === 'bool') return index % 2 === 0;
  if (type === 'string') return `item ${index}`;
  if (type === 'bytes') return '0x0102030405';
  if (type.startsWith('bytes')) return `0x${'ab'.repeat(Number(type.slice(5)))}`;
  return BigInt(index + 7);
}

async function shapeThroughput(shape: string, budgetTransactions: number, seed: number): Promise<number> {
  const config = fuzzConfig(SHAPES_ROOT, [`${shape}.sol`], { budget: { kind: 'executions', executions: budgetTransactions }, workers: 1, seed });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  if (report.errors?.length) throw new Error(`${shape}: ${report.errors.join('; ')}`);
  if (report.findings.length > 0) throw new Error(`${shape} has no bug, yet ${report.findings.length} finding(s): fix the fixture`);
  return report.stats.transactionsPerSecond;
}

export function printShapes(rows: readonly ShapeRow[]): void {
  for (const row of rows) {
    const seeds = row.perSeed.map((v) => Math.round(v)).join(' ');
    console.log(
      `${row.shape.padEnd(10)} ${String(Math.round(row.txPerSecond)).padStart(6)} tx/s  ${row.slowdown.toFixed(2)}x slower than Simple  ` +
        `bare executor ${String(Math.round(row.bareTxPerSecond)).padStart(6)} tx/s: campaign ${row.overBare.toFixed(2)}x slower  (per seed: ${seeds})`,
    );
  }
}

const SHAPES_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '__fixtures__', 'bench', 'shapes');

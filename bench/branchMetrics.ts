/**
 * Issue 16 item 4: cost metrics on optimized and via-IR code. For each fixture compiled three ways
 * (no optimizer, optimizer, via-IR with optimizer): the share of JUMPIs that got a cost metric over
 * a fixed set of random calls, and input prediction's one-shot success rate in `lookout fuzz` runs.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFunctionData, hexToBytes, type Abi, type AbiFunction } from 'viem';
import { compileProject } from '../src/compile/compile.js';
import { readProjectSettings } from '../src/compile/project/settings.js';
import { Executor } from '../src/evm/executor.js';
import { abiType } from '../src/abi/encoding.js';
import { Rng } from '../src/rng.js';
import { CONFIGURATIONS, benchTimeToBug } from './timeToBug.js';
import { formatRow } from './stats.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A JUMPI as codeId · 2^31 + pc: an edge key (TxTrace.edges) halved. */
const JUMPI_PER_CODE = 2 ** 31;

/** The FOUNDRY_* variables that select each build, as forge reads them. */
export const BUILDS = {
  unoptimized: {},
  optimized: { FOUNDRY_OPTIMIZER: 'true' },
  'via-IR': { FOUNDRY_OPTIMIZER: 'true', FOUNDRY_VIA_IR: 'true' },
} as const satisfies Record<string, Record<string, string>>;
type Build = keyof typeof BUILDS;

export interface BranchMetricsRow {
  fixture: string;
  build: Build;
  /**
   * Distinct JUMPIs (code, pc) executed by the random calls, those of them that got a metric, and
   * those whose metric came from a comparison rather than from testing a plain number against zero.
   */
  jumpis: number;
  withMetric: number;
  fromComparison: number;
  /** One-shot predictions made and those that flipped the aimed branch, over all seeds. */
  predictions: number;
  hits: number;
}

// Numbers near the fixtures' guards and at the ends of the ranges: the calls should reach branches.
const NUMBERS = [0n, 1n, 2n, 3n, 5n, 7n, 41n, 42n, 43n, 100n, 1000n, 0x1337n, -1n, -5n, 1n << 64n];
const CALLS = 300;

export async function benchBranchMetrics(fixtures: readonly string[], seeds: number, budgetTransactions: number): Promise<BranchMetricsRow[]> {
  const rows: BranchMetricsRow[] = [];
  for (const file of fixtures) {
    for (const build of Object.keys(BUILDS) as Build[]) {
      const coverage = await metricCoverage(file, build);
      const { predictions, hits } = await predictionSuccess(file, build, seeds, budgetTransactions);
      rows.push({ fixture: path.basename(file, '.sol'), build, ...coverage, predictions, hits });
    }
  }
  return rows;
}

async function metricCoverage(file: string, build: Build): Promise<Pick<BranchMetricsRow, 'jumpis' | 'withMetric' | 'fromComparison'>> {
  const project = await compileProject({ root: ROOT, paths: [file], settings: readProjectSettings(ROOT, BUILDS[build]) });
  const contract = project.contracts.find((c) => c.file === file && c.creation.bytecode.length > 0);
  if (contract === undefined) throw new Error(`${file} compiled to no contract`);
  const executor = await Executor.create([{ name: contract.name, abi: contract.abi, creationCode: contract.creation.bytecode }]);
  const functions = (contract.abi as Abi).filter((item): item is AbiFunction => item.type === 'function' && item.stateMutability !== 'view');
  const rng = new Rng(`branch-metrics:${file}`);
  const executed = new Set<number>();
  const measured = new Set<number>();
  const compared = new Set<number>();
  for (let i = 0; i < CALLS; i++) {
    const fn = rng.pick(functions);
    const args = fn.inputs.map((param) => {
      const type = abiType(param);
      const n = rng.pick(NUMBERS);
      return type.kind === 'uint' && n < 0n ? (1n << 256n) + n : n;
    });
    const data = hexToBytes(encodeFunctionData({ abi: [fn], functionName: fn.name, args }));
    const { trace } = await executor.run({ sender: i % 3, to: 0, data, value: 0n, blockDelay: 1, timeDelay: 1 });
    for (const edge of trace.edges) executed.add(Math.floor(edge / 2)); // edge = codeId · 2^32 + pc · 2 + taken
    for (const cmp of trace.comparisons) {
      measured.add(cmp.codeId * JUMPI_PER_CODE + cmp.pc);
      // A plain number tested against zero is recorded at the JUMPI itself.
      if (cmp.cmpPc !== cmp.pc) compared.add(cmp.codeId * JUMPI_PER_CODE + cmp.pc);
    }
  }
  const executedOf = (jumpis: Set<number>) => [...jumpis].filter((j) => executed.has(j)).length;
  return { jumpis: executed.size, withMetric: executedOf(measured), fromComparison: executedOf(compared) };
}

/** `lookout fuzz` with the default techniques on the fixture built this way, seeds 1..n. */
async function predictionSuccess(file: string, build: Build, seeds: number, budgetTransactions: number): Promise<{ predictions: number; hits: number }> {
  const saved = { FOUNDRY_OPTIMIZER: process.env.FOUNDRY_OPTIMIZER, FOUNDRY_VIA_IR: process.env.FOUNDRY_VIA_IR };
  Object.assign(process.env, BUILDS[build]);
  try {
    const [row] = await benchTimeToBug({ fixtures: [file], configurations: { harvey: CONFIGURATIONS.harvey }, seeds, budgetTransactions });
    return { predictions: row.oneShot, hits: row.oneShotHits };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

export function printBranchMetrics(rows: readonly BranchMetricsRow[]): void {
  const widths = [16, 12, 7, 7, 11, 12, 8];
  console.log(formatRow(['fixture', 'build', 'JUMPIs', 'metric', 'comparison', 'predictions', 'success'], widths));
  const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);
  for (const r of rows) {
    console.log(
      formatRow(
        [r.fixture, r.build, r.jumpis, percent(r.withMetric, r.jumpis), percent(r.fromComparison, r.jumpis), r.predictions, percent(r.hits, r.predictions)],
        widths,
      ),
    );
  }
  for (const build of Object.keys(BUILDS) as Build[]) {
    const of = rows.filter((r) => r.build === build);
    const sum = (key: 'jumpis' | 'withMetric' | 'fromComparison' | 'predictions' | 'hits') => of.reduce((total, r) => total + r[key], 0);
    console.log(
      `${build.padStart(12)}: metric coverage ${percent(sum('withMetric'), sum('jumpis'))} (from a comparison ${percent(sum('fromComparison'), sum('jumpis'))}), ` +
        `prediction success ${sum('hits')}/${sum('predictions')} (${percent(sum('hits'), sum('predictions'))})`,
    );
  }
}

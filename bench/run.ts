/**
 * `npm run bench`: every benchmark in one run, so ratios compare configurations measured on the same
 * machine at the same time. Speed lives here, never in the tests.
 * BENCH_SECONDS (throughput run length), BENCH_SEEDS (seeds per configuration) and BENCH_BUDGET
 * (transactions per run) scale it; BENCH_COMPILE_RUNS (fresh processes per compiler source, default 3)
 * scales the compile benchmark; BENCH_ONLY (comma-separated section names below) runs some sections;
 * BENCH_ABLATION (comma-separated: ddsf, prediction, lookahead) runs the ablation for some switches.
 * `BENCH_ONLY=leak BENCH_SEEDS=40` is the wrapped-ether leak's spread that issue 16's follow-ups and storage-state rule are judged on.
 * `BENCH_ONLY=regression` is the search-power gate (exit 1 on a regression against bench/baseline.json);
 * `BENCH_WRITE_BASELINE=1` rewrites that baseline (BENCH_SEEDS seeds, default 5).
 */
import { benchAblation, printAblation, selectSwitches, type TechniqueSwitch } from './ablation.js';
import { benchDiffCost, printDiffCost } from './behaviourDiffCost.js';
import { BRAN_CONFIGURATIONS, BRAN_FIXTURES, benchBran, printBran } from './bran.js';
import { benchBranchMetrics, printBranchMetrics } from './branchMetrics.js';
import { benchCompile, printCompile } from './compile.js';
import { benchCorpusWarmth, printCorpusWarmth, type CorpusPullRequest } from './corpusWarmth.js';
import { benchInputsKept, printInputsKept } from './inputsKept.js';
import { benchShapes, printShapes } from './shapes.js';
import { benchSustained, printSustained } from './sustained.js';
import { benchReentrancy } from './reentrancy.js';
import { measureRegression, printRegression, readBaseline, writeBaseline } from './regression.js';
import { benchCampaignOverBare, benchThroughput, benchWorkers, printThroughput, printWorkers } from './throughput.js';
import {
  benchTimeToBug,
  CONFIGURATIONS,
  printTimeToBug,
  printTimeToBugHeader,
  printTimeToBugRow,
  type BenchConfiguration,
  type BenchFixture,
} from './timeToBug.js';

/** The targets of issue 13's acceptance: Harvey's Foo (Fig. 2) and baz (Fig. 1), Bran's lookahead example, and two of our own. */
const SPEED_FIXTURES: readonly BenchFixture[] = [
  { file: '__fixtures__/harvey/Fig2StateBug.sol', label: 'Foo (Harvey Fig. 2)' },
  { file: '__fixtures__/harvey/Fig1Paths.sol', label: 'Baz (Harvey Fig. 1)' },
  { file: '__fixtures__/bran/Fig2.sol', label: 'Lookahead (Bran Fig. 2)', targetMark: '// TARGET' },
  '__fixtures__/speed/OwnerIndex.sol',
  '__fixtures__/speed/EqualArrays.sol',
];
/** Harvey's examples (Figs. 1–2) and the fixtures of its RQs, ours. */
const HARVEY_FIXTURES = ['Fig1Paths', 'Fig2StateBug', 'LongSequence', 'BonusCodeWallet', 'Quadratic'].map((name) => `__fixtures__/harvey/${name}.sol`);
/** Bugs behind state that earlier transactions set up (with a Fig. 2-style and a LongSequence-style one of our own): where demand-driven sequences and path identity matter. */
const STATE_FIXTURES: readonly BenchFixture[] = [
  { file: '__fixtures__/harvey/Fig2StateBug.sol', label: 'Foo (Harvey Fig. 2)' },
  '__fixtures__/harvey/LongSequence.sol',
  '__fixtures__/harvey/BonusCodeWallet.sol',
  { file: '__fixtures__/harvey/Fig1Paths.sol', label: 'Baz (Harvey Fig. 1)' },
  '__fixtures__/speed/OwnerIndex.sol',
  '__fixtures__/speed/EqualArrays.sol',
  '__fixtures__/ddsf/Thermostat.sol',
  '__fixtures__/ddsf/Airlock.sol',
];
const LOOP_FIXTURES = ['__fixtures__/bran/Fig2.sol', '__fixtures__/speed/Loops.sol'];
/**
 * The oracle catalogue's wrapped-ether leak: a bug no state follow-up helps (its amount is one draw
 * among many), where DDSF must not cost; the catalogue test's budget rests on its spread over seeds.
 */
const LEAK_FIXTURE = '__fixtures__/oracles/WrappedEtherUncheckedBurn.sol';
const LEAK_SAFE_TWIN = '__fixtures__/oracles/WrappedEther.sol';
/** Corpus across runs: a pull request bringing in a bug five transactions deep (each step's argument hashed from the last). */
const CORPUS_PULL_REQUEST: CorpusPullRequest = {
  label: 'LongSequence',
  buggy: '__fixtures__/harvey/LongSequence.sol',
  safe: '__fixtures__/harvey/LongSequenceSafe.sol',
};

/** The ablation's fixtures, by the technique each was built for; Bran's schedules aim at the bug's line (`aimMark`). */
const BUG_LINE = 'assert(false)';
const ABLATION_STATE: readonly BenchFixture[] = [
  { file: '__fixtures__/harvey/Fig2StateBug.sol', label: 'Foo (Harvey Fig. 2)', aimMark: BUG_LINE },
  { file: '__fixtures__/harvey/LongSequence.sol', label: 'LongSequence', aimMark: BUG_LINE },
  { file: '__fixtures__/ddsf/Thermostat.sol', label: 'Thermostat', aimMark: BUG_LINE },
  { file: '__fixtures__/ddsf/Airlock.sol', label: 'Airlock', aimMark: BUG_LINE },
];
const ABLATION_PREDICTION: readonly BenchFixture[] = [
  { file: '__fixtures__/harvey/Fig1Paths.sol', label: 'Baz (Harvey Fig. 1)', aimMark: BUG_LINE },
  { file: '__fixtures__/harvey/Quadratic.sol', label: 'Quadratic', aimMark: BUG_LINE },
];
const ABLATION_LOOKAHEAD: readonly BenchFixture[] = BRAN_FIXTURES.map((file) => ({ file, label: `Bran ${file.split('/').pop()}`, targetMark: '// TARGET' }));
/** Bran's A–D with Harvey's techniques on; on a target fixture B is also the default. */
const ABLATION_CONFIGURATIONS: Readonly<Record<string, BenchConfiguration>> = {
  default: CONFIGURATIONS.harvey,
  'no-prediction': CONFIGURATIONS['no-prediction'],
  'no-ddsf': CONFIGURATIONS['no-ddsf'],
  ...Object.fromEntries(Object.entries(BRAN_CONFIGURATIONS).map(([name, schedule]) => [name, { ...CONFIGURATIONS.harvey, schedule }])),
};
const TECHNIQUE_SWITCHES: readonly TechniqueSwitch[] = [
  { key: 'ddsf', name: 'Demand-driven sequences (Harvey Sect. 5)', on: 'default', off: ['no-ddsf'], builtFor: ABLATION_STATE },
  { key: 'prediction', name: 'Input prediction (Harvey Sect. 4)', on: 'default', off: ['no-prediction'], builtFor: ABLATION_PREDICTION },
  {
    key: 'lookahead',
    name: 'Lookahead schedule (Bran: B precise, A AFLFast, C imprecise, D LIDs with AFLFast)',
    on: 'B',
    off: ['A', 'C', 'D'],
    builtFor: ABLATION_LOOKAHEAD,
  },
];

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const seeds = Number(process.env.BENCH_SEEDS ?? 10);
const budget = Number(process.env.BENCH_BUDGET ?? 20_000);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

const SECTIONS: Record<string, () => Promise<void>> = {
  async throughput() {
    console.log(`# Throughput: ERC-20 transfer loop, ${seconds}s each`);
    const loop = await benchThroughput(seconds);
    printThroughput(loop);
    console.log(`\n# Campaign throughput: lookout fuzz on the ERC-20, ${seconds}s each, 1, 2 and all workers`);
    const workers = await benchWorkers(seconds);
    printWorkers(workers);
    const campaign = workers.find((row) => row.workers === 1)!.txPerSecond;
    console.log(`whole campaign, 1 worker: ${(loop.executorTxPerSecond / campaign).toFixed(2)}x slower than the transfer loop above`);
    const own = await benchCampaignOverBare(budget);
    console.log(
      `whole campaign, 1 worker, ${budget} transactions: ${Math.round(own.campaignTxPerSecond)} tx/s, its own transactions replayed on the bare executor ${Math.round(own.bareTxPerSecond)} tx/s: ` +
        `${(own.bareTxPerSecond / own.campaignTxPerSecond).toFixed(2)}x slower (issue 31: at most 2x)`,
    );
  },
  async shapes() {
    console.log(
      `# Campaign throughput by argument shape (issue 14) and against the bare executor loop on the same contract (issue 31): one worker, ${budget} transactions each, ${seeds} seeds, medians`,
    );
    printShapes(await benchShapes(budget, seeds));
  },
  async speed() {
    console.log(`# Time to bug (issue 13): one worker, default configuration, ${seeds} seeds, ≤ ${budget} transactions`);
    printTimeToBug(await benchTimeToBug({ fixtures: SPEED_FIXTURES, configurations: { default: CONFIGURATIONS.harvey }, seeds, budgetTransactions: budget }));
  },
  async loops() {
    console.log(`# Path identity: inputs kept per 10k transactions on loops, ${seeds} seeds, 10000 transactions`);
    printInputsKept(await benchInputsKept({ fixtures: LOOP_FIXTURES, seeds, budgetTransactions: 10_000 }));
  },
  async engine() {
    console.log(`# Time to bug: engine fixtures, default configuration, ${seeds} seeds, ≤ ${budget} transactions`);
    const engine = ['StateMachine', 'Vault', 'Guarded', 'Batch'].map((name) => `__fixtures__/engine/${name}.sol`);
    printTimeToBug(await benchTimeToBug({ fixtures: engine, configurations: { default: CONFIGURATIONS.harvey }, seeds, budgetTransactions: budget }));
  },
  async harvey() {
    console.log(`# Harvey RQ1 (prediction), RQ2 (one-shot success), RQ3 (demand-driven sequences): ${seeds} seeds, ≤ ${budget} transactions`);
    const { harvey: all, 'no-prediction': noPrediction, 'no-ddsf': noDdsf } = CONFIGURATIONS;
    const rows = await benchTimeToBug({
      fixtures: HARVEY_FIXTURES,
      configurations: { harvey: all, 'no-prediction': noPrediction, 'no-ddsf': noDdsf },
      seeds,
      budgetTransactions: budget,
    });
    printTimeToBug(rows);
    for (const fixture of new Set(rows.map((r) => r.fixture))) {
      const ms = (configuration: string) => rows.find((r) => r.fixture === fixture && r.configuration === configuration)!.medianMs;
      console.log(
        `${fixture.padStart(22)}  RQ1 no-prediction/harvey ${(ms('no-prediction') / ms('harvey')).toFixed(2)}  RQ3 no-ddsf/harvey ${(ms('no-ddsf') / ms('harvey')).toFixed(2)}`,
      );
    }
  },
  async metrics() {
    console.log(
      `# Cost metrics per build (issue 16): JUMPIs with a metric over 300 random calls; one-shot prediction success, ${seeds} seeds, ≤ ${budget} transactions`,
    );
    printBranchMetrics(await benchBranchMetrics(HARVEY_FIXTURES, seeds, budget));
    console.log(`\n# Throughput: ERC-20 transfer loop, ${seconds}s each`);
    printThroughput(await benchThroughput(seconds));
  },
  async ddsf() {
    console.log(`# Demand-driven sequences and path identity (issue 16): ${seeds} seeds, ≤ ${budget} transactions`);
    const { harvey: all, 'no-ddsf': noDdsf, 'prefix-ids': prefixIds } = CONFIGURATIONS;
    const rows = await benchTimeToBug({
      fixtures: STATE_FIXTURES,
      configurations: { ddsf: all, 'no-ddsf': noDdsf, 'prefix-ids': prefixIds },
      seeds,
      budgetTransactions: budget,
    });
    printTimeToBug(rows);
    for (const fixture of new Set(rows.map((r) => r.fixture))) {
      const tx = (configuration: string) => rows.find((r) => r.fixture === fixture && r.configuration === configuration)!.medianTransactions;
      console.log(
        `${fixture.padStart(22)}  median tx no-ddsf/ddsf ${(tx('no-ddsf') / tx('ddsf')).toFixed(2)}  prefix-ids/ddsf ${(tx('prefix-ids') / tx('ddsf')).toFixed(2)}`,
      );
    }
  },
  async leak() {
    console.log(`# Wrapped-ether leak (oracle catalogue): DDSF on and off, ${seeds} seeds, ≤ ${budget} transactions, a miss counted as the budget`);
    const { harvey: all, 'no-ddsf': noDdsf } = CONFIGURATIONS;
    const rows = await benchTimeToBug({
      fixtures: [LEAK_FIXTURE],
      configurations: { ddsf: all, 'no-ddsf': noDdsf },
      seeds,
      budgetTransactions: budget,
      wanted: (f) => f.kind === 'ether-leak',
    });
    printTimeToBug(rows);
    for (const { configuration, transactions } of rows) {
      const within = (limit: number) => transactions.filter((t) => t <= limit && t < budget).length;
      console.log(
        `${configuration.padStart(8)}  found within 3,000 on ${within(3000)}/${seeds}, within 10,000 on ${within(10_000)}/${seeds}; per seed: ${transactions.join(' ')}`,
      );
    }
    // What dilutes the schedule when DDSF costs here: inputs kept, on the safe twin so that every run spends its budget.
    console.log(`\n# Inputs kept per 10k transactions on the safe twin, default configuration, ${seeds} seeds, 3000 transactions`);
    printInputsKept(await benchInputsKept({ fixtures: [LEAK_SAFE_TWIN], seeds, budgetTransactions: 3000 }));
  },
  async ablation() {
    const switches = selectSwitches(TECHNIQUE_SWITCHES, process.env.BENCH_ABLATION);
    console.log(
      `# Ablation (issue 16): median transactions to bug per technique switch, ${seeds} seeds, ≤ ${budget} transactions, a miss counted as the budget`,
    );
    const fixtures = [...ABLATION_STATE, ...ABLATION_PREDICTION, ...ABLATION_LOOKAHEAD];
    printTimeToBugHeader();
    const rows = await benchAblation({
      fixtures,
      configurations: ABLATION_CONFIGURATIONS,
      switches,
      seeds,
      budgetTransactions: budget,
      onRow: printTimeToBugRow,
    });
    printAblation(rows, switches);
  },
  async bran() {
    for (const fixture of BRAN_FIXTURES) {
      console.log(`# Bran RQ1–RQ3: time to target on ${fixture}, ${seeds} seeds, ≤ ${budget} transactions`);
      printBran(await benchBran({ fixture, seeds, budgetTransactions: budget }));
    }
  },
  async diffCost() {
    console.log(`# Behaviour diff cost: the same pull request through lookout pr with and without the diff, ≤ ${budget} transactions`);
    printDiffCost(await benchDiffCost(['unchecked-withdraw', 'vault-rounding'], budget));
  },
  async reentrancy() {
    console.log(
      `# Lookout's attacker: campaign throughput where it is left out (ERC-20) and called (banks); time to reentrancy, ${seeds} seeds, ≤ ${budget} transactions`,
    );
    await benchReentrancy(seeds, budget);
  },
  async corpus() {
    // Each run spends its whole budget: cold runs found the bug at 311 and 383 transactions (seeds 1–2), so 2000 leaves room for slow seeds.
    const corpusBudget = process.env.BENCH_BUDGET === undefined ? 2000 : budget;
    console.log(
      `# Corpus across runs (issue 32): lookout pr cold on a fresh --corpus, then warm on it with another seed; median transactions over ${seeds} seeds, ≤ ${corpusBudget} transactions, a miss counted as the budget`,
    );
    printCorpusWarmth([await benchCorpusWarmth(CORPUS_PULL_REQUEST, { seeds, budgetTransactions: corpusBudget })]);
  },
  async sustained() {
    // Two hundred thousand unless BENCH_BUDGET says otherwise: issue 31 asks how the pace holds over a long campaign.
    const sustainedBudget = process.env.BENCH_BUDGET === undefined ? 200_000 : budget;
    console.log(`# Sustained pace (issue 31): lookout pr on the votes-token pull request, one worker, ${sustainedBudget} transactions, seed 1`);
    printSustained(await benchSustained(sustainedBudget));
  },
  async regression() {
    // The gate compares like with like: the baseline's seeds, whatever BENCH_SEEDS says, unless the baseline is being written.
    const write = process.env.BENCH_WRITE_BASELINE === '1';
    const gateSeeds = write ? Number(process.env.BENCH_SEEDS ?? 5) : (await readBaseline()).seeds;
    console.log(`# No regression in what was found (issue 31): transactions to the bug, one worker, ${gateSeeds} seeds, a miss counted as the budget`);
    const measured = await measureRegression(gateSeeds, (label, run) => console.log(`${label}: ${run.transactions.join(' ')} (≤ ${run.budget})`));
    if (write) {
      await writeBaseline(gateSeeds, measured);
      console.log('bench/baseline.json written');
      return;
    }
    const regressed = printRegression(await readBaseline(), measured);
    if (regressed.length > 0) {
      console.log(`REGRESSION beyond the seeds' noise: ${regressed.join(', ')}`);
      process.exitCode = 1;
    }
  },
  async compile() {
    const compileRuns = Number(process.env.BENCH_COMPILE_RUNS ?? 3);
    console.log(`# Compile: a generated Foundry project per compiler source, median of ${compileRuns} fresh processes`);
    printCompile(await benchCompile(compileRuns));
  },
};

const unknown = only?.filter((name) => !(name in SECTIONS)) ?? [];
if (unknown.length > 0) throw new Error(`BENCH_ONLY names no section ${unknown.join(', ')}; the sections are ${Object.keys(SECTIONS).join(', ')}`);
for (const [name, run] of Object.entries(SECTIONS)) {
  if (only && !only.includes(name)) continue;
  await run();
  console.log();
}

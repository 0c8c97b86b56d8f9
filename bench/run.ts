/**
 * `npm run bench`: every benchmark in one run, so ratios compare configurations measured on the same
 * machine at the same time. Speed lives here, never in the tests.
 */
import { benchEngine, printEngine } from './engine.js';
import { benchThroughput } from './throughput.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const seeds = Number(process.env.BENCH_SEEDS ?? 10);

console.log(`# Throughput: ERC-20 transfer loop, ${seconds}s each`);
const throughput = await benchThroughput(seconds);
console.log(`raw runCall ceiling       ${Math.round(throughput.rawCallsPerSecond)} calls/s`);
console.log(`executor, instrumented    ${Math.round(throughput.executorTxPerSecond)} tx/s`);
console.log(`ratio executor / raw      ${throughput.ratio.toFixed(2)}`);

console.log(`\n# Time to bug: lookout fuzz on the engine fixtures, ${seeds} seeds, up to 50000 transactions`);
printEngine(await benchEngine({ seeds, budgetTransactions: 50_000 }));

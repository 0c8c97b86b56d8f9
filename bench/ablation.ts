/**
 * The ablation table of issue 16 item 7: every technique switch (Bran's schedules A–D, input
 * prediction, demand-driven sequences) on the fixtures built for it and on all the others, from one
 * run of time-to-bug over the same seeds, so that a benefit where it should help and a loss elsewhere
 * show side by side. Transactions, not time: they do not depend on the machine or its load.
 */
import { formatRow, medianRatioInterval } from './stats.js';
import { benchTimeToBug, fixtureLabel, type BenchConfiguration, type BenchFixture, type TimeToBug } from './timeToBug.js';

/** A technique, the configuration that has it, and those without it (or with a weaker variant). */
export interface TechniqueSwitch {
  /** What BENCH_ABLATION names it by. */
  key: string;
  name: string;
  on: string;
  off: readonly string[];
  builtFor: readonly BenchFixture[];
}

export interface AblationRequest {
  fixtures: readonly BenchFixture[];
  configurations: Readonly<Record<string, BenchConfiguration>>;
  switches: readonly TechniqueSwitch[];
  seeds: number;
  budgetTransactions: number;
  onRow?: (row: TimeToBug) => void;
}

/** Time-to-bug of every configuration any switch names, on every fixture (each run once). */
export async function benchAblation(request: AblationRequest): Promise<TimeToBug[]> {
  const names = new Set(request.switches.flatMap((s) => [s.on, ...s.off]));
  const configurations = Object.fromEntries([...names].map((name) => [name, configurationNamed(request.configurations, name)]));
  const { fixtures, seeds, budgetTransactions, onRow } = request;
  return benchTimeToBug({ fixtures, configurations, seeds, budgetTransactions, onRow });
}

/** The switches `keys` names (comma-separated; all when undefined); a key no switch has is an error. */
export function selectSwitches(switches: readonly TechniqueSwitch[], keys: string | undefined): readonly TechniqueSwitch[] {
  if (keys === undefined) return switches;
  const wanted = keys.split(',').map((k) => k.trim());
  const unknown = wanted.filter((k) => !switches.some((s) => s.key === k));
  if (unknown.length > 0) throw new Error(`BENCH_ABLATION names no switch ${unknown.join(', ')}; the switches are ${switches.map((s) => s.key).join(', ')}`);
  return switches.filter((s) => wanted.includes(s.key));
}

function configurationNamed(configurations: Readonly<Record<string, BenchConfiguration>>, name: string): BenchConfiguration {
  const configuration = configurations[name];
  if (configuration === undefined)
    throw new Error(`a technique switch names configuration ${name}, which is not among ${Object.keys(configurations).join(', ')}`);
  return configuration;
}

/**
 * One table per switch: median transactions with the technique on, then each configuration without
 * it and its ratio to on (above 1: the technique helps) with the ratio's 95% bootstrap interval over
 * the seeds. Fixtures built for it are starred.
 */
export function printAblation(rows: readonly TimeToBug[], switches: readonly TechniqueSwitch[]): void {
  for (const s of switches) {
    const builtFor = new Set(s.builtFor.map(fixtureLabel));
    console.log(`\n## ${s.name}: ${s.on} against ${s.off.join(', ')} (* built for it; ratio = off / on, > 1: it helps; [95% interval])`);
    const widths = [24, 13, ...s.off.flatMap(() => [13, 18])];
    console.log(formatRow(['fixture', `${s.on} tx`, ...s.off.flatMap((off) => [`${off} tx`, 'ratio'])], widths));
    for (const fixture of new Set(rows.map((r) => r.fixture))) {
      const on = rowOf(rows, fixture, s.on);
      const cells = s.off.flatMap((off) => {
        const row = rowOf(rows, fixture, off);
        const [low, high] = medianRatioInterval(on.transactions, row.transactions);
        return [transactions(row), `${(row.medianTransactions / on.medianTransactions).toFixed(2)} [${low.toFixed(2)}–${high.toFixed(2)}]`];
      });
      console.log(formatRow([`${builtFor.has(fixture) ? '* ' : ''}${fixture}`, transactions(on), ...cells], widths));
    }
  }
}

function rowOf(rows: readonly TimeToBug[], fixture: string, configuration: string): TimeToBug {
  return rows.find((r) => r.fixture === fixture && r.configuration === configuration)!;
}

/** The median, with the runs that missed when some did (a miss counts as the whole budget). */
function transactions(row: TimeToBug): string {
  const median = String(Math.round(row.medianTransactions));
  return row.found === row.seeds ? median : `${median} (${row.seeds - row.found} miss)`;
}

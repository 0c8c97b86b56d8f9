import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from './projectRoot.js';
import { ConfigurationError, errorMessage } from '../errors.js';
import { parseWorkers } from './workers.js';
import { parseShard, type Shard } from './shard.js';
import { DEFAULT_PANIC_CODES } from '../abi/index.js';
import { parseBudget } from './budget.js';
import { DEFAULTS } from './defaults.js';
import { SCHEDULES, type CommandConfig, type LineTarget, type ScheduleName } from './types.js';

interface CommonOptions {
  budget: string;
  seed: number;
  json?: string;
  markdown?: string;
  sarif?: string;
  junit?: string;
  lcov?: string;
  reproducers?: string;
  corpus?: string;
  config?: string;
  prediction: boolean;
  ddsf: boolean;
  schedule?: ScheduleName;
  workers: number;
  shard?: Shard;
}

/**
 * Turns `lookout …` arguments into a validated RunConfig. Usage errors become ConfigurationErrors
 * (exit status 2); `--help` / `--version` yield `undefined` after printing.
 */
export function parseArgv(argv: readonly string[], options: { cwd: string; version: string; write?: (text: string) => void }): CommandConfig | undefined {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const resolve = (file: string | undefined) => file && path.resolve(options.cwd, file);
  const common = (opts: CommonOptions) => ({
    budget: parseBudget(opts.budget),
    seed: opts.seed,
    maxSequenceLength: DEFAULTS.maxSequenceLength,
    panicCodes: DEFAULT_PANIC_CODES,
    techniques: { prediction: opts.prediction, ddsf: opts.ddsf },
    schedule: opts.schedule,
    configFile: resolve(opts.config),
    outputs: {
      json: resolve(opts.json),
      markdown: resolve(opts.markdown),
      sarif: resolve(opts.sarif),
      junit: resolve(opts.junit),
      lcov: resolve(opts.lcov),
      reproducers: folderOption('--reproducers', resolve(opts.reproducers), 'write the Foundry reproducers into'),
    },
    workers: opts.workers,
    corpus: folderOption('--corpus', resolve(opts.corpus), 'keep the inputs of earlier runs in'),
    // 1/1 is a whole run: its report is the one an unsharded run writes.
    ...(opts.shard && opts.shard.count > 1 && { shard: opts.shard }),
  });
  let config: CommandConfig | undefined;
  const program = new Command('lookout')
    .description('Targeted greybox fuzzing of the Solidity a pull request changes')
    .version(options.version)
    .exitOverride()
    // A usage error is thrown as a ConfigurationError, which the caller prints once.
    .configureOutput({ writeOut: write, writeErr: write, outputError: () => undefined });

  const pr = program
    .command('pr')
    .description('fuzz the Solidity lines HEAD (or --head) changed since its merge-base with --base')
    .requiredOption('--base <ref>', 'the branch or commit the pull request merges into')
    .option('--head <ref>', 'the pull request head', 'HEAD')
    .option('--repo <dir>', 'a directory inside the repository', '.')
    .option('--fail-on-behaviour-change', 'exit 1 when the behaviour of head differs from the base (refactor and gas PRs)', false)
    .option(
      '--accept-behaviour-change',
      'the PR means to change behaviour: report a call the base refused, or balances ending differently, as notes that do not fail',
      false,
    )
    .option('--no-behaviour-diff', 'do not compare the behaviour of head with the base (for measurement)');
  type PrOptions = CommonOptions & {
    base: string;
    head: string;
    repo: string;
    failOnBehaviourChange: boolean;
    acceptBehaviourChange: boolean;
    behaviourDiff: boolean;
  };
  withCommonOptions(pr, DEFAULTS.prBudget).action((opts: PrOptions) => {
    config = {
      command: 'pr',
      repo: path.resolve(options.cwd, opts.repo),
      base: opts.base,
      head: opts.head,
      failOnBehaviourChange: opts.failOnBehaviourChange,
      acceptBehaviourChange: opts.acceptBehaviourChange,
      behaviourDiff: opts.behaviourDiff,
      ...common(opts),
    };
  });

  const fuzz = program
    .command('fuzz')
    .description('compile the given Solidity files or directories and fuzz every deployable contract')
    .argument('<paths...>', '.sol files or directories, relative to the current directory')
    .option('--contract <name>', 'only fuzz this contract')
    .option('--targets <lines>', 'FILE:LINE,... source lines to aim at and report on', parseTargets, []);
  withCommonOptions(fuzz, DEFAULTS.fuzzBudget).action((paths: string[], opts: CommonOptions & { contract?: string; targets: LineTarget[] }) => {
    const absolute = paths.map((p) => path.resolve(options.cwd, p));
    // The project the paths belong to, wherever the command runs from.
    const root = findProjectRoot(absolute[0]);
    const relative = (file: string) => path.relative(root, path.resolve(options.cwd, file)).split(path.sep).join('/') || '.';
    config = {
      command: 'fuzz',
      root,
      paths: absolute.map(relative),
      contract: opts.contract,
      targets: opts.targets.map((t) => ({ ...t, file: relative(t.file) })),
      ...common(opts),
    };
  });

  program
    .command('merge')
    .description("join the JSON reports of one run's shards (--shard K/N) into the report the whole run would have written")
    .argument('<reports...>', "the shards' JSON reports")
    .option('--json <file>', 'write the merged JSON report here')
    .option('--markdown <file>', 'write the merged report as the PR comment shows it (markdown) here')
    .option('--sarif <file>', 'write SARIF 2.1.0 (for code scanning) here')
    .option('--junit <file>', 'write JUnit XML (one test case per fuzzed contract and per finding) here')
    .option('--fail-on-behaviour-change', 'exit 1 when a shard saw the behaviour of head differ from the base', false)
    .action((reports: string[], opts: { json?: string; markdown?: string; sarif?: string; junit?: string; failOnBehaviourChange: boolean }) => {
      config = {
        command: 'merge',
        reports: reports.map((file) => path.resolve(options.cwd, file)),
        outputs: { json: resolve(opts.json), markdown: resolve(opts.markdown), sarif: resolve(opts.sarif), junit: resolve(opts.junit) },
        failOnBehaviourChange: opts.failOnBehaviourChange,
      };
    });

  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return undefined; // --help, --version
      throw new ConfigurationError(error.message.replace(/^error: /, ''));
    }
    throw error;
  }
  if (!config) throw new ConfigurationError('No command given: use `lookout pr --base REF` or `lookout fuzz PATH...` (see `lookout --help`).');
  return config;
}

/** The options both commands take: budget, seed, JSON report, and the switches for measurements. */
function withCommonOptions(command: Command, budget: string): Command {
  return command
    .option('--budget <budget>', 'time (90s, 2m) or transactions (50000x); a unit is required', budget)
    .option('--seed <n>', 'seed of the campaign PRNG', parseSeed, DEFAULTS.seed)
    .option('--json <file>', 'write the JSON report here')
    .option('--markdown <file>', 'write the report as the PR comment shows it (markdown) here')
    .option('--sarif <file>', 'write SARIF 2.1.0 (for code scanning) here')
    .option('--junit <file>', 'write JUnit XML (one test case per fuzzed contract and per finding) here')
    .option('--lcov <file>', "write the fuzzed contracts' line coverage (LCOV, for genhtml or a coverage service) here")
    .option('--reproducers <dir>', "write each finding's Foundry reproducer (<Contract>.<kind>.t.sol) into this folder")
    .option('--corpus <dir>', "restore the inputs earlier runs kept from this folder, and save this run's there (one JSON file per contract)")
    .option('--config <file>', 'project configuration (default: lookout.toml at the project root)')
    .option('--no-prediction', 'switch off input prediction (for measurement)')
    .option('--no-ddsf', 'switch off demand-driven sequence fuzzing (for measurement)')
    .option('--schedule <name>', `power schedule: ${SCHEDULES.join(', ')} (for measurement)`, parseSchedule)
    .option(
      '--workers <n>',
      `worker threads per campaign (default: ${DEFAULTS.workers}, whatever the machine); reports are reproducible per seed, transaction budget and worker count`,
      workersOption,
      DEFAULTS.workers,
    )
    .option(
      '--shard <K/N>',
      'run slice K of N (a job matrix): each shard fuzzes every campaign with its own mutation streams; join the reports with lookout merge',
      shardOption,
    );
}

/** `--shard`: parseShard, its message as a usage error. */
function shardOption(text: string): Shard {
  try {
    return parseShard(text);
  } catch (error) {
    throw new InvalidArgumentError(`${errorMessage(error)}.`);
  }
}

/** `--reproducers DIR`, `--corpus DIR`: a folder, or where one can be made; a file there is a usage error before any fuzzing. */
function folderOption(option: string, dir: string | undefined, purpose: string): string | undefined {
  if (dir !== undefined && existsSync(dir) && !statSync(dir).isDirectory())
    throw new ConfigurationError(`${option} ${dir} is a file: give a folder to ${purpose}.`);
  return dir;
}

/** `--workers`: parseWorkers, its message as a usage error. */
function workersOption(text: string): number {
  try {
    return parseWorkers(text);
  } catch (error) {
    throw new InvalidArgumentError(`${errorMessage(error)}.`);
  }
}

function parseSchedule(text: string): ScheduleName {
  const name = SCHEDULES.find((s) => s === text);
  if (!name) throw new InvalidArgumentError(`use one of ${SCHEDULES.join(', ')}.`);
  return name;
}

/** `src/A.sol:12,src/A.sol:20` (repeatable: later flags add to earlier ones). */
function parseTargets(text: string, previous: LineTarget[]): LineTarget[] {
  const parsed = text
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const match = /^(.+\.sol):(\d+)$/.exec(part.trim());
      if (!match || Number(match[2]) < 1) throw new InvalidArgumentError(`'${part}' is not FILE.sol:LINE (a 1-based line).`);
      return { file: match[1], line: Number(match[2]) };
    });
  return [...previous, ...parsed];
}

function parseSeed(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new InvalidArgumentError('the seed must be a non-negative integer.');
  }
  return Number(text);
}

import { Command, CommanderError, InvalidArgumentError } from 'commander';
import path from 'node:path';
import { ConfigurationError } from '../errors.js';
import { DEFAULT_PANIC_CODES } from '../oracles/panic.js';
import { parseBudget } from './budget.js';
import { DEFAULTS, type RunConfig } from './types.js';

interface CommonOptions {
  budget: string;
  seed: number;
  json?: string;
}

/**
 * Turns `lookout …` arguments into a validated RunConfig. Usage errors become ConfigurationErrors
 * (exit status 2); `--help` / `--version` yield `undefined` after printing.
 */
export function parseArgv(argv: readonly string[], options: { cwd: string; version: string; write?: (text: string) => void }): RunConfig | undefined {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const resolve = (file: string | undefined) => file && path.resolve(options.cwd, file);
  const common = (opts: CommonOptions) => ({
    budget: parseBudget(opts.budget),
    seed: opts.seed,
    maxSequenceLength: DEFAULTS.maxSequenceLength,
    panicCodes: DEFAULT_PANIC_CODES,
  });
  let config: RunConfig | undefined;
  const program = new Command('lookout')
    .description('Targeted greybox fuzzing of the Solidity a pull request changes')
    .version(options.version)
    .exitOverride()
    .configureOutput({ writeOut: write, writeErr: write });

  program
    .command('pr')
    .description('fuzz the Solidity lines HEAD (or --head) changed since its merge-base with --base')
    .requiredOption('--base <ref>', 'the branch or commit the pull request merges into')
    .option('--head <ref>', 'the pull request head', 'HEAD')
    .option('--repo <dir>', 'a directory inside the repository', '.')
    .option('--budget <budget>', 'time (90s, 2m) or transactions (50000x)', DEFAULTS.prBudget)
    .option('--seed <n>', 'seed of the campaign PRNG', parseSeed, DEFAULTS.seed)
    .option('--json <file>', 'write the JSON report here')
    .option('--markdown <file>', 'write the PR comment (markdown) here')
    .action((opts: CommonOptions & { base: string; head: string; repo: string; markdown?: string }) => {
      config = {
        command: 'pr',
        repo: path.resolve(options.cwd, opts.repo),
        base: opts.base,
        head: opts.head,
        ...common(opts),
        outputs: { json: resolve(opts.json), markdown: resolve(opts.markdown) },
      };
    });

  program
    .command('fuzz')
    .description('compile the given Solidity files or directories and fuzz every deployable contract')
    .argument('<paths...>', '.sol files or directories, relative to the current directory')
    .option('--contract <name>', 'only fuzz this contract')
    .option('--budget <budget>', 'time (90s, 2m) or transactions (50000x)', DEFAULTS.fuzzBudget)
    .option('--seed <n>', 'seed of the campaign PRNG', parseSeed, DEFAULTS.seed)
    .option('--json <file>', 'write the JSON report here')
    .action((paths: string[], opts: CommonOptions & { contract?: string }) => {
      config = {
        command: 'fuzz',
        root: options.cwd,
        paths: paths.map((p) => path.relative(options.cwd, path.resolve(options.cwd, p)) || '.'),
        contract: opts.contract,
        ...common(opts),
        outputs: { json: resolve(opts.json) },
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

function parseSeed(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new InvalidArgumentError('the seed must be a non-negative integer.');
  }
  return Number(text);
}

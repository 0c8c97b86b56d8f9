import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { keccak256, toFunctionSelector, toHex, type Abi } from 'viem';
import type { CompiledProject } from '../compile/index.js';
import type { CampaignCorpus, SavedInput } from '../fuzz/index.js';
import { type ReportCorpus, type ReportCorpusCache, writeFileAtomically } from '../report/index.js';
import type { Logger } from '../logger.js';
import { errorMessage } from '../errors.js';

/** The corpus file format this Lookout reads and writes; a file of another version is left as it is. */
export const CORPUS_VERSION = 1;

/** One campaign's saved inputs, as written to `DIR/<file>/<Contract>.json` (`<Contract>.<mode>.json` for a test contract's campaign). */
interface CorpusFile {
  version: typeof CORPUS_VERSION;
  contract: { file: string; name: string; mode?: string; abi: string };
  inputs: SavedInput[];
}

/** What a campaign's corpus file is keyed by. */
export interface CorpusKey {
  file: string;
  name: string;
  /** A Foundry test contract's campaign: `invariant` or `stateless`. */
  mode?: string;
  abi: Abi;
}

/** Where the folder is kept between runs outside it (the Action's cache): filled for a build before its campaigns start. */
export interface CorpusStore {
  restore(fingerprint: string): Promise<ReportCorpusCache>;
}

/**
 * The `--corpus` folder: one readable JSON file per campaign, restored before it runs and written
 * after. A file that cannot be read as this version's (another version, broken JSON, another
 * contract) is reported, its campaign starts cold, and it is never overwritten: nothing it holds is lost.
 */
export class CorpusFolder {
  private readonly problems: string[] = [];
  private readonly rejected = new Set<string>();
  private saved = 0;
  private cache: Promise<ReportCorpusCache> | undefined;

  constructor(
    readonly dir: string,
    private readonly logger: Logger,
    private readonly store?: CorpusStore,
  ) {}

  /** Before the first campaign loads: the store fills the folder for this build, once a run. */
  async open(fingerprint: string): Promise<void> {
    if (this.store) await (this.cache ??= this.store.restore(fingerprint));
  }

  load(key: CorpusKey): SavedInput[] {
    const file = this.fileOf(key);
    if (!existsSync(file)) return [];
    try {
      return inputsOf(JSON.parse(readFileSync(file, 'utf8')) as unknown, key);
    } catch (error) {
      const problem = `${file}: ${errorMessage(error)}; the campaign starts cold and the file is left as it is (delete it to start a new corpus)`;
      this.logger.warning(`Corpus: ${problem}`);
      this.problems.push(problem);
      this.rejected.add(file);
      return [];
    }
  }

  save(key: CorpusKey, corpus: CampaignCorpus): void {
    const file = this.fileOf(key);
    if (this.rejected.has(file)) return;
    const contents: CorpusFile = {
      version: CORPUS_VERSION,
      contract: { file: key.file, name: key.name, mode: key.mode, abi: abiHash(key.abi) },
      inputs: corpus.kept,
    };
    // Written whole, then moved in place: an interrupted run never leaves half a file.
    writeFileAtomically(file, `${JSON.stringify(contents, null, 2)}\n`);
    this.saved += corpus.kept.length;
  }

  /** The report's `corpus` block, from each campaign's counts. */
  async summary(campaigns: readonly { corpus?: CampaignCorpus; outcome: { restored: { replayed: number; reverted: number } } }[]): Promise<ReportCorpus> {
    const sum = (value: (c: (typeof campaigns)[number]) => number) => campaigns.reduce((total, c) => total + value(c), 0);
    const replayed = sum((c) => c.outcome.restored.replayed);
    return {
      dir: this.dir,
      start: replayed > 0 ? 'warm' : 'cold',
      loaded: sum((c) => c.corpus?.loaded ?? 0),
      replayed,
      dropped: {
        missingFunction: sum((c) => c.corpus?.dropped.missingFunction ?? 0),
        undecodable: sum((c) => c.corpus?.dropped.undecodable ?? 0),
        reverted: sum((c) => c.outcome.restored.reverted),
      },
      saved: this.saved,
      ...(this.problems.length > 0 ? { problems: [...this.problems] } : {}),
      ...(this.cache && { cache: await this.cache }),
    };
  }

  private fileOf(key: CorpusKey): string {
    // Contract files are project paths (never above the root); `..` is refused all the same.
    const folder = key.file.split('/').map((part) => (part === '..' ? '_' : part));
    return path.join(this.dir, ...folder, `${key.name}${key.mode === undefined ? '' : `.${key.mode}`}.json`);
  }
}

/** The inputs of a parsed corpus file, when it is this version's and this campaign's; throws saying what is wrong. */
function inputsOf(parsed: unknown, key: CorpusKey): SavedInput[] {
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not a corpus file (a JSON object with "version" and "inputs")');
  const file = parsed as Partial<CorpusFile>;
  if (file.version !== CORPUS_VERSION) throw new Error(`corpus version ${JSON.stringify(file.version)} is not the one this Lookout reads (${CORPUS_VERSION})`);
  if (file.contract?.file !== key.file || file.contract.name !== key.name)
    throw new Error(`it holds the inputs of another contract (${JSON.stringify(file.contract)})`);
  const { inputs } = file;
  const isCall = (call: unknown) => typeof call === 'object' && call !== null && !Array.isArray(call);
  if (!Array.isArray(inputs) || !inputs.every((input) => Array.isArray(input) && input.every(isCall)))
    throw new Error('"inputs" is not a list of inputs (each a list of calls)');
  return inputs as SavedInput[];
}

/** The contract's ABI as its function selectors, sorted and hashed: tells a reader whether the functions changed since the file was saved. */
function abiHash(abi: Abi): string {
  const selectors = abi.flatMap((item) => (item.type === 'function' ? [toFunctionSelector(item)] : [])).sort();
  return keccak256(toHex(selectors.join(','))).slice(0, 18);
}

/**
 * What makes a corpus's inputs mean the same on another run: the compilers with their settings, and
 * each fuzzed contract (file, name, test-contract mode) with its functions. Another build's corpus is
 * still worth restoring (its inputs are replayed and the stale ones dropped), but is kept apart.
 */
export function buildFingerprint(builds: readonly CompiledProject[], campaigns: readonly CorpusKey[]): string {
  const compilers = [...new Set(builds.flatMap((b) => b.compilers.map((c) => JSON.stringify([c.version, c.settings]))))].sort();
  const contracts = campaigns.map((c) => [c.file, c.name, c.mode ?? '', abiHash(c.abi)].join(':')).sort();
  return keccak256(toHex(JSON.stringify({ compilers, contracts }))).slice(2, 18);
}

import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AbiFunction } from 'viem';
import type { CompiledContract } from '../compile/index.js';
import type { HarnessCorpusDir } from '../config/index.js';
import { type CampaignCorpus, echidnaInput, medusaInput, type SavedInput } from '../fuzz/index.js';
import type { ReportSeeds } from '../report/index.js';

/** The sequences an Echidna or Medusa corpus holds for a harness, in the saved form, before they are checked against the build. */
export interface HarnessSeeds {
  /** The corpus folders read, as the config files name them. */
  dirs: string[];
  inputs: SavedInput[];
  /** Files that are no call sequence in their fuzzer's format (broken JSON, raw calldata, another shape). */
  unreadable: number;
}

/** Where each fuzzer keeps the sequences worth replaying: Echidna's new-coverage and failing ones, Medusa's both kinds. */
const SEQUENCE_FOLDERS: Record<HarnessCorpusDir['fuzzer'], string[]> = {
  echidna: ['coverage', 'reproducers'],
  medusa: [path.join('call_sequences', 'immutable'), path.join('call_sequences', 'mutable')],
};

/**
 * Reads the corpora the config files name, files in name order (runs are reproducible). Echidna and
 * Medusa call only the harness, so every call is read as one to it. Absent folders are no error: a
 * project commits its config before its first corpus.
 */
export function readHarnessSeeds(corpora: readonly HarnessCorpusDir[], harness: CompiledContract): HarnessSeeds | undefined {
  const present = corpora.filter((corpus) => isFolder(corpus.path));
  if (present.length === 0) return undefined;
  const functions = harness.abi.filter((item): item is AbiFunction => item.type === 'function');
  const seeds: HarnessSeeds = { dirs: present.map((c) => c.dir), inputs: [], unreadable: 0 };
  for (const corpus of present) {
    for (const folder of SEQUENCE_FOLDERS[corpus.fuzzer]) {
      const dir = path.join(corpus.path, folder);
      if (!isFolder(dir)) continue;
      for (const name of readdirSync(dir).sort()) {
        const file = path.join(dir, name);
        // A link the pull request commits is not followed (it could point anywhere on the runner).
        if (!lstatSync(file).isFile()) continue;
        const parsed = parsedJson(file);
        const input = corpus.fuzzer === 'echidna' ? echidnaInput(parsed, harness.name) : medusaInput(parsed, { name: harness.name, functions });
        if (input === undefined) seeds.unreadable++;
        else seeds.inputs.push(input);
      }
    }
  }
  return seeds;
}

/** A folder, not a link to one. */
function isFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function parsedJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The report's `seeds` block over the campaigns that had some (undefined when none had). */
export function seedsSummary(campaigns: readonly { seeds?: HarnessSeeds; corpus?: CampaignCorpus }[]): ReportSeeds | undefined {
  const seeded = campaigns.filter((c): c is { seeds: HarnessSeeds; corpus?: CampaignCorpus } => c.seeds !== undefined);
  if (seeded.length === 0) return undefined;
  const sum = (value: (c: (typeof seeded)[number]) => number) => seeded.reduce((total, c) => total + value(c), 0);
  return {
    dirs: [...new Set(seeded.flatMap((c) => c.seeds.dirs))],
    loaded: sum((c) => c.seeds.inputs.length + c.seeds.unreadable),
    dropped: {
      missingFunction: sum((c) => c.corpus?.seeds?.dropped.missingFunction ?? 0),
      undecodable: sum((c) => c.corpus?.seeds?.dropped.undecodable ?? 0),
      unreadable: sum((c) => c.seeds.unreadable),
    },
  };
}

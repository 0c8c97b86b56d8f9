import type { SourceFile } from '../compile/index.js';
import { isTestOrScript } from '../compile/index.js';
import type { DeployedWorld } from '../deploy/index.js';
import { ATTACKER_FILE } from '../evm/index.js';
import type { BlockHits, ContractCampaignResult, DeployedCode } from '../fuzz/index.js';
import type { CoverageSection } from '../report/index.js';
import { codeLineHits, LineIndex, sumLineHits, type LineHits } from '../targets/index.js';

/** What one revision executed in one world: the code its deployments run, and the blocks its transactions entered. */
interface ExecutedCode {
  deployedCode: readonly DeployedCode[];
  blockHits: BlockHits | undefined;
}

/**
 * The head's line coverage (`--lcov`): each campaign's block hits mapped through the source maps of
 * the code its deployments run. `prefix`: the project's folder in the repository ('' at its root),
 * so that paths are the repository's.
 */
export function headCoverage(results: readonly ContractCampaignResult[], prefix: string): CoverageSection {
  return revisionCoverage(
    'head',
    results.map((result) => ({ deployedCode: result.deployedCode, blockHits: result.outcome.blockHits })),
    prefix,
  );
}

/**
 * The base's line coverage: what Lookout ran on each base world (the behaviour comparisons'
 * replays of head's sequences, the findings' replays), mapped through the base build's own source
 * maps (its deployments' contracts are the base's compiled contracts).
 */
export function baseCoverage(worlds: ReadonlyMap<DeployedWorld, BlockHits>, prefix: string): CoverageSection {
  return revisionCoverage(
    'base',
    [...worlds].map(([world, blockHits]) => ({
      // Contracts adopted after deployment (created at run time) have no compiled contract in the world: left out, as head's are.
      deployedCode: world.executor.deployments.flatMap(({ codeId, creationBlocks }, i) => {
        const contract = world.contracts[i];
        return contract === undefined ? [] : [{ contract, codeId, creationBlocks }];
      }),
      blockHits,
    })),
    prefix,
  );
}

/**
 * One revision's section: block hits mapped through the source maps of the code that ran them,
 * constructors counted once per deployment; the project's sources only (not Lookout's attacker, not
 * test or script files).
 */
function revisionCoverage(test: string, executed: readonly ExecutedCode[], prefix: string): CoverageSection {
  const indexes = new Map<string, LineIndex>();
  const lineIndexes = (sources: readonly SourceFile[]) => {
    for (const { path, content } of sources) if (covered(path) && !indexes.has(path)) indexes.set(path, new LineIndex(content));
    return indexes;
  };
  const parts = executed.flatMap(({ deployedCode, blockHits = new Map<number, Map<number, number>>() }) => {
    // Two deployments of one code share its code id, and its count.
    const runtimes = new Map(deployedCode.map((code) => [code.codeId, code]));
    const runtime = [...runtimes.values()].map(({ contract, codeId }) =>
      codeLineHits(contract.deployed, contract.sources, lineIndexes(contract.sources), blockHits.get(codeId) ?? new Map()),
    );
    const creation = deployedCode.map(({ contract, creationBlocks }) =>
      codeLineHits(contract.creation, contract.sources, lineIndexes(contract.sources), new Map([...creationBlocks].map((start) => [start, 1]))),
    );
    return [...runtime, ...creation];
  });
  return { test, lines: prefixed(sumLineHits(parts), prefix) };
}

function covered(path: string): boolean {
  return path !== ATTACKER_FILE && !isTestOrScript(path);
}

function prefixed(lines: LineHits, prefix: string): LineHits {
  return prefix === '' ? lines : new Map([...lines].map(([file, hits]) => [`${prefix}/${file}`, hits]));
}

import type { SourceFile } from '../compile/index.js';
import { isTestOrScript } from '../compile/index.js';
import { ATTACKER_FILE } from '../evm/index.js';
import type { ContractCampaignResult } from '../fuzz/index.js';
import type { CoverageSection } from '../report/index.js';
import { codeLineHits, LineIndex, sumLineHits, type LineHits } from '../targets/index.js';

/**
 * The head's line coverage (`--lcov`): each campaign's block hits mapped through the source maps of
 * the code its deployments run, constructors counted once per deployment; the project's sources
 * only (not Lookout's attacker, not test or script files). `prefix`: the project's folder in the
 * repository ('' at its root), so that paths are the repository's.
 */
export function headCoverage(results: readonly ContractCampaignResult[], prefix: string): CoverageSection[] {
  const indexes = new Map<string, LineIndex>();
  const lineIndexes = (sources: readonly SourceFile[]) => {
    for (const { path, content } of sources) if (covered(path) && !indexes.has(path)) indexes.set(path, new LineIndex(content));
    return indexes;
  };
  const parts = results.flatMap((result) => {
    const blockHits = result.outcome.blockHits ?? new Map<number, Map<number, number>>();
    // Two deployments of one code share its code id, and its count.
    const runtimes = new Map(result.deployedCode.map((code) => [code.codeId, code]));
    const runtime = [...runtimes.values()].map(({ contract, codeId }) =>
      codeLineHits(contract.deployed, contract.sources, lineIndexes(contract.sources), blockHits.get(codeId) ?? new Map()),
    );
    const creation = result.deployedCode.map(({ contract, creationBlocks }) =>
      codeLineHits(contract.creation, contract.sources, lineIndexes(contract.sources), new Map([...creationBlocks].map((start) => [start, 1]))),
    );
    return [...runtime, ...creation];
  });
  return [{ test: 'head', lines: prefixed(sumLineHits(parts), prefix) }];
}

function covered(path: string): boolean {
  return path !== ATTACKER_FILE && !isTestOrScript(path);
}

function prefixed(lines: LineHits, prefix: string): LineHits {
  return prefix === '' ? lines : new Map([...lines].map(([file, hits]) => [`${prefix}/${file}`, hits]));
}

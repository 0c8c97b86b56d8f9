import { toFunctionSelector, type AbiFunction, type Hex } from 'viem';
import type { CompiledContract } from '../compile/index.js';
import { CheatcodeError, findArtifact } from '../evm/index.js';
import { errorMessage } from '../errors.js';
import { cheatcodeArtifacts } from './artifacts.js';
import type { InvariantSelection } from './types.js';

/**
 * forge's artifact filters of invariant mode, by contract (`file:Name`): `targetArtifactSelectors()`
 * targets a contract's listed functions, `excludeArtifacts()` leaves contracts out, `targetArtifacts()`
 * targets every function of contracts not excluded. Precedence as forge's: targetArtifactSelectors >
 * excludeArtifacts > targetArtifacts.
 */
export interface ArtifactFilter {
  /** Targeted contracts; the selectors listed for each (empty: every state-changing function). */
  targeted: ReadonlyMap<string, readonly Hex[]>;
  excluded: ReadonlySet<string>;
}

/** Which functions of a contract `setUp()` deployed the filter lets the campaign call. */
export type ArtifactVerdict = { kind: 'excluded' } | { kind: 'all' } | { kind: 'only'; selectors: readonly Hex[] };

/**
 * The filter from the test contract's lists, each name resolved among the build's contracts as forge
 * resolves it (`Name` or `path:Name`); a name no contract has, or a selector the contract lacks, is
 * the reason to skip the test contract (forge fails its invariants with it).
 */
export function artifactFilter(selection: InvariantSelection, contracts: readonly CompiledContract[]): ArtifactFilter | string {
  const targeted = new Map<string, Hex[]>();
  const excluded = new Set<string>();
  const artifacts = cheatcodeArtifacts({ contracts });
  let list = '';
  // forge's names, as getCode takes them; its "vm.getCode: " prefix gives way to the list's name.
  const resolve = (artifact: string) => {
    const found = findArtifact(artifacts, artifact);
    return contracts.find((c) => c.file === found.file && c.name === found.name)!;
  };
  try {
    list = 'targetArtifactSelectors';
    for (const { artifact, selectors } of selection.targetArtifactSelectors) {
      const contract = resolve(artifact);
      const missing = selectors.find((s) => !functionsOf(contract).some((fn) => toFunctionSelector(fn) === s));
      if (missing !== undefined) return `${list}(): ${artifact} has no function with selector ${missing}`;
      targeted.set(identifier(contract), [...(targeted.get(identifier(contract)) ?? []), ...selectors]);
    }
    list = 'excludeArtifacts';
    for (const artifact of selection.excludeArtifacts) excluded.add(identifier(resolve(artifact)));
    list = 'targetArtifacts';
    for (const artifact of selection.targetArtifacts) {
      const id = identifier(resolve(artifact));
      if (!targeted.has(id) && !excluded.has(id)) targeted.set(id, []);
    }
  } catch (error) {
    if (!(error instanceof CheatcodeError)) throw error;
    return `${list}(): ${errorMessage(error).replace(/^vm\.getCode: /, '')}`;
  }
  return { targeted, excluded };
}

/** The filter's verdict on one contract `setUp()` deployed. */
export function artifactVerdict(filter: ArtifactFilter, contract: Pick<CompiledContract, 'file' | 'name'>): ArtifactVerdict {
  const id = identifier(contract);
  const selectors = filter.targeted.get(id);
  if (selectors !== undefined && selectors.length > 0) return { kind: 'only', selectors };
  if (filter.excluded.has(id) || (filter.targeted.size > 0 && selectors === undefined)) return { kind: 'excluded' };
  return { kind: 'all' };
}

function identifier(contract: Pick<CompiledContract, 'file' | 'name'>): string {
  return `${contract.file}:${contract.name}`;
}

function functionsOf(contract: Pick<CompiledContract, 'abi'>): AbiFunction[] {
  return contract.abi.filter((item): item is AbiFunction => item.type === 'function');
}

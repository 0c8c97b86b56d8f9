import semver from 'semver';
import { OLDEST_REPRODUCER_SOLC } from './source/base.js';
import { type CompiledProject, pragmaRange } from '../compile/index.js';
import { constructorOf, type DeployedProject } from '../deploy/index.js';
import { SENDER_BALANCE, START_BLOCK, START_TIMESTAMP } from '../evm/index.js';
import type { PlannedDeployment, ReproducerPlan } from './source/types.js';
import { instanceName, type ReportFinding } from '../report/index.js';
import { plannedFunding, worldAttacker } from './plannedFunding.js';

/** What every reproducer of a run shares: the world as the campaigns had it, and how the project builds. */
export type WorldPlan = Pick<
  ReproducerPlan,
  'senders' | 'senderBalance' | 'start' | 'deployments' | 'funding' | 'attacker' | 'typeFiles' | 'forgeStd' | 'harness'
>;

/**
 * The world's deployments in order, each as the reproducer's `setUp()` repeats it, then its funding.
 * Lookout's attacker (deployed last) is apart: a reproducer includes it only when its sequence uses it.
 */
export function worldPlan(project: CompiledProject, world: DeployedProject, senders: ReproducerPlan['senders'], forgeStd: boolean): WorldPlan {
  const created = new Map<string, number>();
  const attacker = worldAttacker(world);
  const deployments = world.deployed
    .filter((d) => d.address !== attacker?.address)
    .map((d): PlannedDeployment => {
      const base = { contract: d.contract.name, file: d.contract.file, address: d.address, abi: d.contract.abi, value: d.value, deployer: d.deployer };
      if (d.contract.kind === 'library') return { ...base, params: [], args: [], how: { kind: 'library' } };
      if (d.from === 'created') {
        // A contract's own nonce starts at 1 (EIP-161): its n-th creation has nonce n.
        const nonce = (created.get(d.deployer) ?? 0) + 1;
        created.set(d.deployer, nonce);
        return { ...base, params: [], args: [], how: { kind: 'created', creator: d.deployer, nonce } };
      }
      return { ...base, params: constructorOf(d.contract).params, args: d.args, how: { kind: 'new' } };
    });
  const typeFiles = new Map(project.contracts.map((c) => [c.name, c.file]));
  return {
    senders,
    senderBalance: SENDER_BALANCE,
    start: { block: START_BLOCK, timestamp: START_TIMESTAMP },
    deployments,
    funding: plannedFunding(world),
    attacker,
    typeFiles,
    forgeStd,
  };
}

/** `Vault.assertion.t.sol` / `VaultAssertionTest`, numbered from the second of a kind in one contract. */
export function reproducerNames(findings: readonly ReportFinding[]): { file: string; contract: string }[] {
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const kind = instanceName(finding.kind.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
    const stem = `${finding.contract}.${kind}`;
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    const suffix = n === 1 ? '' : String(n);
    return { file: `${stem}${suffix}.t.sol`, contract: `${finding.contract}${kind.charAt(0).toUpperCase()}${kind.slice(1)}${suffix}Test` };
  });
}

/**
 * Why no reproducer is written for a contract built with `version`, if so: its test would import it,
 * so both take one compiler, and a 0.5 or 0.6 contract (Uniswap v2's `=0.5.16`) has none in common with it.
 */
export function compilerTooOld(contract: string, version: string): string | undefined {
  if (!semver.valid(version) || semver.gte(version, OLDEST_REPRODUCER_SOLC)) return undefined;
  return `${contract} is built with solc ${version}, and Lookout's Foundry reproducers need ${OLDEST_REPRODUCER_SOLC} or later: the transactions in the report replay the finding`;
}

/** `0.8.28` of `0.8.28+commit.7893614a`: the compiler the reproducer is built with. */
export function solidityVersion(compilerVersion: string): string {
  return /^\d+\.\d+\.\d+/.exec(compilerVersion)?.[0] ?? compilerVersion;
}

/**
 * The reproducer's pragma: the range the finding's source file declares (`^0.8.20`), so the test
 * sits in the project as its own tests do; `^<version>` when the file has none, or one the compiler
 * the project was built with does not satisfy (a pinned `solc`).
 */
export function reproducerPragma(source: string | undefined, version: string): string {
  const range = source === undefined ? undefined : pragmaRange(source);
  return range !== undefined && semver.satisfies(version, range) ? range : `^${version}`;
}

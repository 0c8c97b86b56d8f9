import type { CompiledContract, ContractId } from '../../compile/index.js';
import type { DeployedWorld } from '../../deploy/index.js';
import { buildOracles, failureIdentity, type FailureSite, keyIdentity, type OracleSet, type OracleSettings } from '../../oracles/index.js';
import { callTargets, type TxSequence } from '../../abi/index.js';
import { counterpartDeployments } from '../behaviour/counterpartDeployments.js';
import { runSequence } from '../campaign/sequenceRunner.js';
import { type BlockHits, countBlocks } from '../campaign/blockHits.js';
import type { TxResult } from '../../evm/index.js';

/** `failsOnBase` bound to a base world and the plan whose findings it judges, with the campaign's oracle settings. */
export type BaseReplay = (sequence: TxSequence, failure: FailureSite, settings: OracleSettings) => Promise<boolean>;

/**
 * Whether a finding's sequence also fails on the base revision's build, the same way: each call goes
 * to the base deployment of the same contract (file and name) and the same function by signature,
 * with the same arguments, senders and values, and the failure is of the same kind (same panic code,
 * same property), whichever other failures come before it. Program counters differ between builds, so the failure is matched by what it is,
 * not where. A contract or function the base lacks (or one a transaction created, which the base
 * world does not hold) means the sequence cannot fail there. The base is
 * judged by the same oracle set as head (`buildOracles`), with head's settings — the same probe slot
 * included — so every oracle tells introduced from pre-existing the same way.
 */
export async function failsOnBase(
  base: DeployedWorld,
  head: readonly CompiledContract[],
  subject: ContractId,
  sequence: TxSequence,
  failure: FailureSite,
  settings: OracleSettings,
  options: {
    /** The oracles a world of its own kind is judged by (a Foundry test contract's: its invariants); default `buildOracles`. */
    judge?: (settings: OracleSettings) => OracleSet;
    /** Counts the blocks the replay's transactions enter (the base's line coverage for `--lcov`). */
    blockHits?: BlockHits;
  } = {},
): Promise<boolean> {
  const { judge, blockHits } = options;
  const indexOf = (id: ContractId) => base.contracts.findIndex((c) => c.id === id);
  const counterparts = counterpartDeployments(head, base.contracts);
  const calls: TxSequence = [];
  for (const call of sequence) {
    // A contract a transaction created is past head's deployments: the base world has none of those.
    const to = counterparts[call.to] ?? -1;
    if (to < 0) return false;
    if (call.target.kind !== 'function') {
      calls.push({ ...call, to });
      continue;
    }
    const signature = call.target.signature;
    const target = callTargets(base.contracts[to].abi).find((t) => t.kind === 'function' && t.signature === signature);
    if (!target) return false;
    calls.push({ ...call, to, target });
  }
  const subjectIndex = indexOf(subject);
  if (subjectIndex < 0) return false;
  const { executor } = base;
  const oracles = judge?.(settings) ?? buildOracles({ contracts: base.contracts, deployments: executor.deployments, subject: subjectIndex }, settings);
  // Other failures on the way are passed over, as head's campaign passes over those it reported: an
  // ether leak of the base's funded contract must not hide the broken property after it.
  const wanted = failureIdentity(failure);
  const counting = blockHits && ((result: TxResult) => countBlocks(blockHits, result.trace.blocks));
  const run = await runSequence({ executor, ...oracles }, calls, counting, { has: (key) => keyIdentity(key) !== wanted });
  const seen = run.failure?.failure;
  return seen !== undefined && failureIdentity(seen) === wanted;
}

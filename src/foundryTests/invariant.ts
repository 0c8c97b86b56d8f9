import { type AbiFunction, hexToBytes, toFunctionSelector } from 'viem';
import { SENDER_ADDRESSES } from '../config/index.js';
import type { Address } from '../evm/index.js';
import { decodeBool, decodeRevert, describeRevert, encodeFunctionCall, functionTarget } from '../abi/index.js';
import type { Rng } from '../rng.js';
import { generateInputs, type ValueContext } from '../fuzz/index.js';
import { artifactVerdict } from './artifactFilter.js';
import { callFunction, FORGE_SENDER, type SuiteSession } from './suiteSession.js';
import { FLAGGED_CALL_MESSAGE } from '../oracles/index.js';
import { raisedFlag } from './targetCallOracles.js';
import type { InvariantCall, TestFunction, TestResult } from './types.js';

/** A contract the invariant sequences call, and the functions they may call on it. */
export interface InvariantTarget {
  /** Executor deployment index. */
  deployment: number;
  address: Address;
  functions: AbiFunction[];
}

const mutates = (fn: AbiFunction) => fn.stateMutability !== 'view' && fn.stateMutability !== 'pure';

/**
 * forge's invariant-mode targets: the contracts `setUp()` deployed (or `targetContracts()` when it
 * names some) and the `targetInterfaces()` addresses, less `excludeContracts()` and the contracts the
 * artifact filters leave out, their state-changing functions narrowed by `targetSelectors()` and
 * `targetArtifactSelectors()` and less `excludeSelectors()`. A contract with selectors of its own in
 * either list is a target whatever the other lists say, as in forge. Contracts Lookout did not
 * compile have no ABI to call.
 */
export function invariantTargets(session: SuiteSession): InvariantTarget[] {
  const { selection } = session;
  const interfaces = selection.targetInterfaces.map((i) => i.address);
  return session.setUpContracts.flatMap((created, i) => {
    if (created.contract === undefined) return [];
    const artifact = artifactVerdict(session.artifacts, created.contract);
    const listed = selection.targetSelectors.find((s) => s.address === created.address)?.selectors;
    const only = artifact.kind === 'only' || listed !== undefined ? [...(artifact.kind === 'only' ? artifact.selectors : []), ...(listed ?? [])] : undefined;
    const targeted =
      (selection.targetContracts.length === 0 || selection.targetContracts.includes(created.address) || interfaces.includes(created.address)) &&
      !selection.excludeContracts.includes(created.address) &&
      artifact.kind === 'all';
    if (!targeted && only === undefined) return [];
    const excluded = selection.excludeSelectors.find((s) => s.address === created.address)?.selectors ?? [];
    const functions = created.contract.abi.filter((item): item is AbiFunction => {
      if (item.type !== 'function' || !mutates(item)) return false;
      const selector = toFunctionSelector(item);
      return (only === undefined || only.includes(selector)) && !excluded.includes(selector);
    });
    return functions.length === 0 ? [] : [{ deployment: i + 1, address: created.address, functions }];
  });
}

/** `targetSenders()` when the suite names some, else forge's sender and Lookout's two others; less `excludeSenders()`. */
export function invariantSenders(session: SuiteSession): Address[] {
  const { selection } = session;
  const named = selection.targetSenders.length > 0 ? selection.targetSenders : [FORGE_SENDER, ...SENDER_ADDRESSES.slice(1)];
  return named.filter((sender) => !selection.excludeSenders.includes(sender));
}

/** Why the invariant does not hold now (a revert, or `false`); undefined when it holds. */
async function brokenInvariant(session: SuiteSession, invariant: TestFunction): Promise<string | undefined> {
  const result = await session.executor.view(0, hexToBytes(toFunctionSelector(invariant.fn)));
  if (!result.success) return describeRevert(decodeRevert(result.returnData));
  return decodeBool(result.returnData) === false ? 'returned false' : undefined;
}

async function afterInvariantFailure(session: SuiteSession): Promise<string | undefined> {
  if (!session.suite.hasAfterInvariant) return undefined;
  const result = await callFunction(session.executor, toFunctionSelector('function afterInvariant()'));
  return result.outcome.kind === 'success'
    ? undefined
    : `afterInvariant() failed: ${result.outcome.kind === 'revert' ? describeRevert(decodeRevert(result.outcome.data)) : result.outcome.kind}`;
}

/** Runs calls from the post-`setUp` state, checking the invariant after each; the first break ends it. */
export async function replayInvariant(session: SuiteSession, invariant: TestFunction, calls: readonly InvariantCall[]): Promise<string | undefined> {
  session.executor.reset();
  const initially = await brokenInvariant(session, invariant);
  if (initially !== undefined) return `${invariant.name} broken after setUp(): ${initially}`;
  for (const [i, call] of calls.entries()) {
    const to = session.executor.deployments.findIndex((d) => d.address === call.target);
    if (to < 0) throw new Error(`replayInvariant: ${call.target} is not a contract setUp() deployed`);
    const sender = session.executor.addSender(call.sender);
    const result = await session.executor.run({ sender, to, data: hexToBytes(call.data), value: 0n, blockDelay: 0, timeDelay: 0 });
    // forge keeps a flag the call raised, and the run fails on it whatever the invariant says.
    const broken = raisedFlag(result) ? FLAGGED_CALL_MESSAGE : await brokenInvariant(session, invariant);
    if (broken !== undefined) return `${invariant.name} broken after call ${i + 1}: ${broken}`;
  }
  return afterInvariantFailure(session);
}

export interface InvariantBudget {
  runs: number;
  depth: number;
}

/** Random call sequences over the targets (forge's blind invariant mode; Lookout's targeted search replaces it in campaigns). */
export async function runInvariant(session: SuiteSession, invariant: TestFunction, budget: InvariantBudget, ctx: ValueContext): Promise<TestResult> {
  const targets = invariantTargets(session);
  const senders = invariantSenders(session);
  const base = { name: invariant.name, kind: 'invariant' as const, rejected: 0 };
  const initially = await replayInvariant(session, invariant, []);
  if (initially !== undefined) return { ...base, status: 'failed', reason: initially, sequence: [], runs: 0 };
  if (targets.length === 0 || senders.length === 0) return { ...base, status: 'failed', reason: 'no target contract, function or sender to call', runs: 0 };
  for (let run = 0; run < budget.runs; run++) {
    const sequence = Array.from({ length: budget.depth }, () => randomCall(targets, senders, ctx.rng, ctx));
    const broken = await replayInvariant(session, invariant, sequence);
    if (broken !== undefined) return { ...base, status: 'failed', reason: broken, sequence, runs: run + 1 };
  }
  return { ...base, status: 'passed', runs: budget.runs };
}

function randomCall(targets: readonly InvariantTarget[], senders: readonly Address[], rng: Rng, ctx: ValueContext): InvariantCall {
  const target = targets[rng.int(targets.length)];
  const fn = target.functions[rng.int(target.functions.length)];
  const { args } = generateInputs(functionTarget(fn), ctx);
  const data = encodeFunctionCall(fn, args);
  return { sender: senders[rng.int(senders.length)], target: target.address, data };
}

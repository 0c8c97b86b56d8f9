import { bytesToHex } from 'viem';
import type { CompiledContract, CompiledProject } from '../compile/index.js';
import { type Call, encodeCall, formatArgs, formatPanicCode } from '../abi/index.js';
import { reportEvidence } from './evidence.js';
import type { ReportCall, ReportFinding, ReportTarget } from './types.js';
import { branchLocator, type FailureLine, failureLocator, type Target } from '../targets/index.js';
import { frameJumps } from '../evm/index.js';
import { attackerCallParts, type ConfirmedFinding, type ContractCampaignResult } from '../fuzz/index.js';

/** The campaign's targets in the report's terms: reached (first when, by which sequence) or not. */
export function toReportTargets(targets: readonly Target[], result: ContractCampaignResult): ReportTarget[] {
  const branchAt = result.missedBranches?.size ? branchLocator(result.contract) : undefined;
  const byCorpus = result.outcome.reachedByCorpus && new Set(result.outcome.reachedByCorpus);
  return targets.map((target, index) => {
    const first = result.reached.get(index);
    const status = target.status === 'no-code' ? 'no-code' : first ? 'reached' : result.unreachable.has(index) ? 'unreachable' : 'unreached';
    const missed = status === 'unreached' ? result.missedBranches?.get(index) : undefined;
    const missedBranch = missed === undefined ? null : branchAt?.(missed);
    return {
      ...targetPlace(target),
      pcs: target.pcs,
      status,
      reason: null,
      firstReachedMs: first ? Math.round(first.ms) : null,
      firstReachedTransactions: first ? first.transactions : null,
      firstReachedSequence: first ? first.sequence : null,
      ...(missedBranch && { missedBranch }),
      ...(byCorpus && { reachedByCorpus: byCorpus.has(index) }),
    };
  });
}

/**
 * One entry per changed line that several campaigns held (test contracts whose `setUp()` deploy the
 * same contract): reached when any reached it, at the first reach in the fewest transactions (not
 * milliseconds, which would make the pick depend on the machine); reached by the corpus when any
 * campaign's corpus reached it.
 */
export function mergeTargets(targets: readonly ReportTarget[]): ReportTarget[] {
  const byLine = new Map<string, ReportTarget>();
  for (const target of targets) {
    const key = `${target.contractFile}:${target.contract}:${target.file}:${target.line}`;
    const kept = byLine.get(key);
    const picked = kept === undefined || reachedEarlier(target, kept) ? target : kept;
    byLine.set(key, withCorpusReach(picked, kept === undefined ? [target] : [target, kept]));
  }
  return [...byLine.values()];
}

/** `target`, reached by the corpus when any of `alike` (the same line's entries) was; unchanged when none says. */
export function withCorpusReach(target: ReportTarget, alike: readonly ReportTarget[]): ReportTarget {
  const said = alike.filter((t) => t.reachedByCorpus !== undefined);
  return said.length === 0 ? target : { ...target, reachedByCorpus: said.some((t) => t.reachedByCorpus) };
}

function reachedEarlier(a: ReportTarget, b: ReportTarget): boolean {
  return a.firstReachedTransactions !== null && (b.firstReachedTransactions === null || a.firstReachedTransactions < b.firstReachedTransactions);
}

/** Targets of a contract that was not deployed: `not-fuzzed`, with the reason, never dropped. */
export function notFuzzedTargets(targets: readonly Target[], reason: string): ReportTarget[] {
  return targets.map((target) => ({
    ...targetPlace(target),
    pcs: target.pcs,
    status: target.status === 'no-code' ? 'no-code' : 'not-fuzzed',
    reason: target.status === 'no-code' ? null : reason,
    firstReachedMs: null,
    firstReachedTransactions: null,
    firstReachedSequence: null,
  }));
}

/** A changed line no contract holds for the campaigns (a file that did not compile, a test): `not-fuzzed`. */
export function unheldLine(file: string, line: number, reason: string): ReportTarget {
  return {
    file,
    line,
    contract: '',
    contractFile: file,
    pcs: [],
    status: 'not-fuzzed',
    reason,
    firstReachedMs: null,
    firstReachedTransactions: null,
    firstReachedSequence: null,
  };
}

/** Where a target is, named by the contract whose code holds it (the subject, or a library it links). */
function targetPlace(target: Target): Pick<ReportTarget, 'file' | 'line' | 'contract' | 'contractFile' | 'removed'> {
  const colon = target.contract.lastIndexOf(':');
  const place = { file: target.file, line: target.line, contract: target.contract.slice(colon + 1), contractFile: target.contract.slice(0, colon) };
  return target.removed ? { ...place, removed: target.removed } : place;
}

/** A confirmed finding in the report's terms: located in the source, its sequence decoded. */
export function toReportFinding(
  project: CompiledProject,
  result: ContractCampaignResult,
  finding: ConfirmedFinding,
  /** `lookout pr`: the campaign's targets (changed lines), to say which of them the sequence executes. */
  changedLines?: readonly Target[],
  /** The contract whose code failed, when not the campaign's subject (a test contract's campaign). */
  failedIn: CompiledContract = result.contract,
): ReportFinding {
  const { failure } = finding;
  const locator = failureLocator(project, failedIn);
  const location: FailureLine | null =
    failure.property !== undefined
      ? locator.functionLine(failure.property)
      : locator.locate(failure.pc, frameJumps(finding.failingResult.trace, failure.codeId));
  const library = location?.library;
  // A last call through Lookout's attacker is named by the call it forwards (as the sequence shows it).
  const last = finding.sequence[finding.sequence.length - 1];
  const lastShown = attackerCallParts(last, result.calls)?.forwards ?? last;
  return {
    kind: failure.kind,
    panicCode: failure.panicCode === null ? null : formatPanicCode(failure.panicCode),
    contract: failedIn.name,
    contractFile: failedIn.file,
    file: location?.file ?? null,
    line: location?.line ?? null,
    function: failure.property !== undefined ? `${failure.property}()` : (failure.function ?? callName(lastShown)),
    // Located at the project's call into a library: the message says where in the library it failed.
    message: library ? `${failure.message} (in ${library.file}:${library.line})` : failure.message,
    ...(library && { libraryLine: library }),
    evidence: reportEvidence(failure.evidence),
    // Only `lookout pr` has a base revision to compare with.
    introduced: null,
    ...(finding.besidePreExisting && { besidePreExisting: true }),
    foundMs: Math.round(finding.foundMs),
    foundTransactions: finding.execution,
    sequence: finding.sequence.map((call) => toReportCall(call, result)),
    ...(changedLines && {
      executesChangedLines: finding.enteredTargets.length > 0,
      enteredLines: finding.enteredTargets.map((i) => ({ file: changedLines[i].file, line: changedLines[i].line })),
    }),
  };
}

/** A call of a campaign's sequence; one through Lookout's attacker reads as the calls it makes. */
export function toReportCall(call: Call, campaign: Pick<ContractCampaignResult, 'senders' | 'deploymentNames' | 'deploymentAddresses' | 'calls'>): ReportCall {
  const parts = attackerCallParts(call, campaign.calls);
  const shown = parts?.forwards ?? call;
  return {
    sender: campaign.senders[call.sender],
    contract: campaign.deploymentNames[shown.to],
    address: campaign.deploymentAddresses[shown.to],
    ...invocation(shown),
    value: call.value.toString(),
    calldata: bytesToHex(encodeCall(call)),
    blockDelay: call.blockDelay,
    timeDelay: call.timeDelay,
    ...(parts && { attacker: { reenters: parts.reenters === undefined ? null : invocation(parts.reenters) } }),
  };
}

function invocation(call: Call): { function: string; args: unknown[] } {
  return { function: callName(call), args: call.target.kind === 'function' ? formatArgs(call.args, call.target.fn.inputs) : [] };
}

function callName(call: Call): string {
  switch (call.target.kind) {
    case 'function':
      return call.target.signature;
    case 'fallback':
      return 'fallback()';
    case 'receive':
      return 'receive()';
  }
}

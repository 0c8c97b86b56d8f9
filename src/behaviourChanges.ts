import type { CompiledProject } from './build/types.js';
import type { Budget } from './config/budget.js';
import type { ContractPlan } from './campaigns.js';
import type { CampaignEvent } from './fuzz/campaign/campaign.js';
import type { Clock } from './fuzz/execution/clock.js';
import type { ContractCampaignResult } from './fuzz/campaign/contractCampaign.js';
import { createBehaviourDiff, groupDivergences, type ConfirmedDivergence, type Divergence } from './fuzz/behaviour/index.js';
import type { BaseWorld } from './fuzz/findings/introduced.js';
import { toReportCall } from './report/campaignEntries.js';
import type { TxSequence } from './fuzz/types.js';
import type { Logger } from './logger.js';
import type { ReportFinding } from './report/types.js';
import { failureLocator } from './targets/failureLocation.js';

/** Examples kept per (function, kind of difference): a handful, not thousands. */
export const EXAMPLES_PER_GROUP = 3;
/** Replays per example while shrinking; a wall-clock deadline bounds it too under a time budget. */
const SHRINK_ATTEMPTS = 100;
/** Share of a time budget kept for comparing with the base, taken from the campaigns. */
export const COMPARISON_SHARE = 0.15;
/** With an execution budget, at most one sequence compared per this many transactions (at least MIN_CHECKS). */
const TRANSACTIONS_PER_CHECK = 20;
const MIN_CHECKS = 200;

/** How much comparing may cost: a count (execution budgets, deterministic) or a wall-clock deadline. */
export interface ComparisonLimit {
  maxChecks: number;
  deadline?: number;
}

/** The limit for a run's budget: a share of a time budget, or a number of checks for an execution budget. */
export function comparisonLimit(budget: Budget, now: number): ComparisonLimit {
  if (budget.kind === 'seconds') return { maxChecks: Number.POSITIVE_INFINITY, deadline: now + budget.seconds * COMPARISON_SHARE * 1000 };
  return { maxChecks: Math.max(MIN_CHECKS, Math.floor(budget.executions / TRANSACTIONS_PER_CHECK)) };
}

/** The campaigns' budget when a share of it is kept for comparing with the base. */
export function campaignBudget(budget: Budget): Budget {
  return budget.kind === 'seconds' ? { kind: 'seconds', seconds: budget.seconds * (1 - COMPARISON_SHARE) } : budget;
}

/** Sequences that executed a changed line, compared besides the kept ones, at most this many per campaign. */
export const MAX_CHANGED_LINE_SEQUENCES = 1000;

/** A sequence to run on both revisions, with when (campaign ms) the campaign ran it. */
export interface SequenceToCompare {
  sequence: TxSequence;
  ms: number;
}

/**
 * Collects, from a campaign's events, what is run on both revisions: every sequence the campaign
 * keeps or finds failing, and (up to a cap) every sequence that executed a changed line — kept inputs have distinct
 * paths, but a changed constant shows only for some values on one path.
 */
export class SequencesToCompare {
  private readonly kept: SequenceToCompare[] = [];
  private readonly changedLine: SequenceToCompare[] = [];
  private ms = 0;

  observe(event: CampaignEvent): void {
    if (event.kind === 'transaction') this.ms = event.elapsedMs;
    // Failing inputs are not kept by the campaign, yet they often behave differently on the base too.
    else if (event.kind === 'input-added' || event.kind === 'finding') {
      this.kept.push({ sequence: event.kind === 'finding' ? event.finding.sequence : event.sequence, ms: this.ms });
    }
    else if (event.kind === 'sequence' && event.executesTargets && this.changedLine.length < MAX_CHANGED_LINE_SEQUENCES) {
      this.changedLine.push({ sequence: event.sequence.slice(0, event.executed), ms: this.ms });
    }
  }

  /** Kept inputs first: each takes a path no other did, so a limited comparison sees the most behaviour. */
  get sequences(): SequenceToCompare[] {
    return [...this.kept, ...this.changedLine];
  }
}

/**
 * Behaviour changes between base and head: the sequences a campaign kept or that executed changed
 * lines are run on both revisions (deployed by the same plan); the first transaction whose caller-observable outcome differs is a
 * divergence. Divergences are grouped by (function, kind of difference), a few examples per group
 * are shrunk and replayed on both before they are reported, as `behaviour-change` findings.
 */
export async function behaviourChanges(
  project: CompiledProject,
  plans: readonly ContractPlan[],
  results: readonly ContractCampaignResult[],
  sequences: readonly (readonly SequenceToCompare[])[],
  base: BaseWorld,
  context: { logger: Logger; clock: Clock; limit: ComparisonLimit },
): Promise<ReportFinding[]> {
  const { limit, clock } = context;
  const findings: ReportFinding[] = [];
  const over = () => limit.deadline !== undefined && clock() >= limit.deadline;
  let checks = 0;
  for (const [i, plan] of plans.entries()) {
    const diff = await createBehaviourDiff({ head: { executor: plan.world.executor, contracts: plan.world.contracts }, base });
    const found: (Divergence & { ms: number })[] = [];
    // Each campaign gets an equal part of the checks; what one leaves goes to the next.
    const allowed = Math.min(limit.maxChecks, checks + Math.ceil((limit.maxChecks - checks) / (plans.length - i)));
    for (const { sequence, ms } of sequences[i]) {
      if (checks >= allowed || over()) break;
      checks++;
      const divergence = await diff.check(sequence);
      if (divergence) found.push({ ...divergence, ms });
    }
    const confirmed: (ConfirmedDivergence & { ms: number })[] = [];
    for (const group of groupDivergences(found, EXAMPLES_PER_GROUP)) {
      for (const example of group.examples) {
        const deadline = limit.deadline === undefined ? undefined : { at: limit.deadline, now: clock };
        const result = await diff.confirm(example, { maxAttempts: SHRINK_ATTEMPTS, deadline });
        if (result) confirmed.push({ ...result, ms: example.ms });
      }
    }
    const groups = groupDivergences(confirmed, EXAMPLES_PER_GROUP);
    if (groups.length > 0) context.logger.info(`${plan.contract.name}: ${groups.length} kind(s) of behaviour change between base and head`);
    for (const group of groups) findings.push(...group.examples.map((d) => toReportChange(project, plan, results[i], d)));
  }
  return findings;
}

function toReportChange(project: CompiledProject, plan: ContractPlan, result: ContractCampaignResult, divergence: ConfirmedDivergence & { ms: number }): ReportFinding {
  const contract = plan.world.contracts.find((c) => c.id === divergence.contract) ?? plan.contract;
  const name = divergence.function.replace(/\(.*$/, '');
  const where = failureLocator(project, contract).functionLine(name);
  return {
    kind: 'behaviour-change',
    panicCode: null,
    contract: contract.name,
    contractFile: contract.file,
    file: where?.file ?? contract.file,
    line: where?.line ?? null,
    function: divergence.function,
    message: divergence.message,
    // Base and head disagree on this very sequence: the pull request made the difference.
    introduced: true,
    foundMs: Math.round(divergence.ms),
    sequence: divergence.sequence.map((call) => toReportCall(call, result.senders, result.deploymentNames)),
    behaviour: { difference: divergence.kind, base: divergence.base, head: divergence.head },
  };
}

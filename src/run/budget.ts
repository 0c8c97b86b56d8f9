import { formatBudget, type Budget } from '../config/index.js';
import { count, type ReportBudgetPlan, type ReportComparisonPlan } from '../report/index.js';

/**
 * Every share of a run's budget, computed once here. A time budget is the fuzzing's: builds,
 * reproducer checks and writing the report come on top of it (README). Under a time budget the
 * comparison with the base keeps COMPARISON_SHARE of it for after the campaigns, and each campaign
 * keeps SHRINK_SHARE of its own share for shrinking its findings. An execution budget is split as
 * transactions alone, so the report depends on nothing but the seed, the budget and the workers;
 * comparisons and shrinking are then counted in checks and replays.
 */
export interface BudgetPlan {
  total: Budget;
  workers: number;
  campaigns: CampaignBudget[];
  /** Absent when nothing is compared with the base (`lookout fuzz`, no base, `--no-behaviour-diff`). */
  comparison?: ComparisonPlan;
}

/** One campaign's part. */
export interface CampaignBudget {
  /** The campaign's name (contract id, and the test contract's mode). */
  campaign: string;
  /** What its fuzzing loop may spend. */
  fuzz: Budget;
  /** Wall-clock ms kept after the loop for shrinking and replaying its findings (time budgets; attempts bound it otherwise). */
  shrinkMs?: number;
  /** Each worker thread's part of `fuzz`: transactions are split, time is not. */
  workers: Budget[];
}

/** How much comparing head with the base may cost: plain data, as the report gives it. */
export type ComparisonPlan = ReportComparisonPlan;

/** What the plan needs to know of a campaign: its name and how many targets it aims at. */
export interface PlannedCampaign {
  campaign: string;
  /** The key whose target count weighs the campaign (campaigns of one contract weigh alike). */
  contract: string;
  targets: number;
}

interface PlanOptions {
  workers: number;
  /** Campaigns compared with the base (0: no comparison). */
  compared: number;
}

/** Share of a time budget kept for comparing with the base after the campaigns, taken from them. */
const COMPARISON_SHARE = 0.15;
/** Share of a campaign's time kept back for shrinking and replaying its findings. */
const SHRINK_SHARE = 0.1;
/** With an execution budget, at most one sequence compared per this many transactions (at least MIN_CHECKS). */
const TRANSACTIONS_PER_CHECK = 20;
const MIN_CHECKS = 200;

export function planBudget(total: Budget, campaigns: readonly PlannedCampaign[], options: PlanOptions): BudgetPlan {
  const comparing = options.compared > 0;
  const units = total.kind === 'executions' ? total.executions : Math.round(total.seconds * (comparing ? 1 - COMPARISON_SHARE : 1) * 1000);
  // Campaigns of one contract weigh alike: by the target count of the last one planned.
  const weights = new Map(campaigns.map((c) => [c.contract, c.targets]));
  const shares = splitBudget(
    campaigns.map((c) => weights.get(c.contract)!),
    units,
  );
  const plan: BudgetPlan = {
    total,
    workers: options.workers,
    campaigns: campaigns.map((c, i) => campaignBudget(c.campaign, total.kind, shares[i]!, options.workers)),
  };
  if (comparing) plan.comparison = comparisonPlan(total, options.compared);
  return plan;
}

/**
 * Splits an integer budget (milliseconds or transactions) in proportion to the weights (evenly when
 * all are 0); shares are integers summing to `total` (largest remainder, ties to the earlier one).
 */
export function splitBudget(weights: readonly number[], total: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new Error(`budget to split must be a non-negative integer, got ${total}`);
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) return [];
  if (sum === 0) return splitBudget(Array<number>(weights.length).fill(1), total);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - shares[i]! })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

function campaignBudget(campaign: string, kind: Budget['kind'], share: number, workers: number): CampaignBudget {
  if (kind === 'executions') {
    const fuzz: Budget = { kind: 'executions', executions: share };
    return { campaign, fuzz, workers: workerBudgets(fuzz, workers) };
  }
  const shrinkMs = Math.round(share * SHRINK_SHARE);
  const fuzz: Budget = { kind: 'seconds', seconds: (share - shrinkMs) / 1000 };
  return { campaign, fuzz, shrinkMs, workers: workerBudgets(fuzz, workers) };
}

/** Each worker's share of a budget: transactions are split (the first ones get the remainder), time is not. */
function workerBudgets(budget: Budget, workers: number): Budget[] {
  return Array.from({ length: workers }, (_, i) =>
    budget.kind === 'seconds'
      ? budget
      : { kind: 'executions', executions: Math.floor(budget.executions / workers) + (i < budget.executions % workers ? 1 : 0) },
  );
}

function comparisonPlan(total: Budget, compared: number): ComparisonPlan {
  if (total.kind === 'seconds') return { kind: 'seconds', duringShare: COMPARISON_SHARE, afterMs: Math.round(total.seconds * 1000 * COMPARISON_SHARE) };
  const checks = Math.max(MIN_CHECKS, Math.floor(total.executions / TRANSACTIONS_PER_CHECK));
  return { kind: 'executions', checksPerCampaign: Math.ceil(checks / compared), transactionsPerCheckDuring: 2 * TRANSACTIONS_PER_CHECK };
}

/** The plan as the report gives it (`stats.budgetPlan`). */
export function reportBudgetPlan(plan: BudgetPlan): ReportBudgetPlan {
  return {
    total: reportBudget(plan.total),
    workers: plan.workers,
    campaigns: plan.campaigns.map((c) => ({
      campaign: c.campaign,
      fuzz: reportBudget(c.fuzz),
      shrinkMs: c.shrinkMs ?? null,
      workers: c.workers.map(reportBudget),
    })),
    comparison: plan.comparison ?? null,
    unbudgeted: ['build', 'reproducer checks', 'report'],
  };
}

function reportBudget(budget: Budget): { seconds: number | null; executions: number | null } {
  return { seconds: budget.kind === 'seconds' ? budget.seconds : null, executions: budget.kind === 'executions' ? budget.executions : null };
}

/** The plan in one line, for the terminal at the start of fuzzing. */
export function describeBudgetPlan(plan: BudgetPlan): string {
  const amount = (budget: Budget) => (budget.kind === 'seconds' ? `${round(budget.seconds)} s` : `${count(budget.executions)} tx`);
  const campaigns = plan.campaigns.map(
    (c) => `${c.campaign.replace(/^.*:/, '')} ${amount(c.fuzz)}${c.shrinkMs === undefined ? '' : ` + ${round(c.shrinkMs / 1000)} s shrinking`}`,
  );
  const workers = plan.workers > 1 ? ` on ${plan.workers} workers each` : '';
  const comparison =
    plan.comparison === undefined
      ? ''
      : plan.comparison.kind === 'seconds'
        ? `; comparing with the base: up to ${plan.comparison.duringShare * 100}% of each campaign's time as it runs, then ${round(plan.comparison.afterMs / 1000)} s`
        : `; comparing with the base: ${count(plan.comparison.checksPerCampaign)} sequences per campaign, at most half as it runs`;
  return `Budget ${formatBudget(plan.total)}: ${campaigns.join(', ')}${workers}${comparison}; building and checking reproducers come on top.`;
}

function round(seconds: number): string {
  return seconds >= 10 ? seconds.toFixed(0) : seconds.toFixed(1).replace(/\.0$/, '');
}

import type { Budget } from '../../config/index.js';
import type { Clock } from '../../clock.js';

/**
 * Tracks a campaign's spending against its Budget. Execution budgets count transactions and never
 * look at the clock, which is what makes a run with `50000x` reproducible.
 */
export class BudgetMeter {
  transactions = 0;
  private readonly start: number;

  constructor(
    private readonly budget: Budget,
    private readonly clock: Clock,
  ) {
    this.start = clock();
  }

  exhausted(): boolean {
    if (this.budget.kind === 'executions') return this.transactions >= this.budget.executions;
    return this.elapsedMs() >= this.budget.seconds * 1000;
  }

  elapsedMs(): number {
    return this.clock() - this.start;
  }
}

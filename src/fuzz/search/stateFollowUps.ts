import type { Call, TxSequence } from '../types.js';

/**
 * Share of the campaign's transactions follow-ups may take: p_a, the share of inputs Harvey gives
 * aggressive runs, the other way demand-driven sequences spend budget on state.
 */
export const FOLLOW_UP_SHARE = 0.125;

/**
 * DDSF's demand, met when it arises (Harvey Sect. 5): when an input sets up a storage state no input
 * set up before, every function that needs state set up (enabled) runs once on it. A new state is
 * where such functions may take new paths, and mutations alone reach them there only by drawing that
 * setup and that function together — on LongSequence thousands of transactions per stage for a call
 * that passes the stage check, whose argument input prediction then solves in a few. Newest states
 * first (the deepest setups come last); follow-ups are regular inputs, kept and judged like any, and
 * take at most `share` of the transactions spent.
 */
export class StateFollowUps {
  /** Follow-up inputs run. */
  ran = 0;
  private readonly setups: TxSequence[] = [];
  /** The setup being followed up and the calls it still has to run. */
  private current: { setup: TxSequence; calls: Call[] } | undefined;
  private spent = 0;

  constructor(
    /** Longest input (MutationContext.maxSequenceLength): a setup that long has no room for a call. */
    private readonly maxLength: number,
    private readonly share: number = FOLLOW_UP_SHARE,
  ) {}

  /** A setup that reached a state not seen before (DemandDrivenState.offer accepted it). */
  add(setup: TxSequence): void {
    if (setup.length > 0 && setup.length < this.maxLength) this.setups.push(setup);
  }

  /**
   * The next follow-up input: a pending setup and one of the calls `callsFor` gives for it (one per
   * enabled function, asked when the setup's turn comes). Undefined when none is pending or running
   * it would take follow-ups past their share of `spentTotal` transactions.
   */
  next(spentTotal: number, callsFor: () => Call[]): TxSequence | undefined {
    while (this.current === undefined || this.current.calls.length === 0) {
      const setup = this.setups.pop();
      if (setup === undefined) return undefined;
      this.current = { setup, calls: callsFor() };
    }
    const input = [...this.current.setup, this.current.calls[0]];
    if (this.spent + input.length > this.share * spentTotal) return undefined;
    this.current.calls.shift();
    this.spent += input.length;
    this.ran++;
    return input;
  }
}

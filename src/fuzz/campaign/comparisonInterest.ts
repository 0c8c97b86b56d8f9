import type { TxSequence } from '../../abi/index.js';
import type { TxResult } from '../../evm/index.js';
import { functionKey } from '../harvey/ddsf.js';
import { isChanged, type ChangedPcs } from '../harvey/costs.js';
import type { ReachTarget, RuntimeCode } from '../schedule/reach.js';

/** Whether a sequence is worth comparing with the base, and whether it does something no compared sequence did. */
export interface Interest {
  /** It executed a changed line, or read state a changed line wrote. */
  worth: boolean;
  /**
   * It did at the changed lines what no earlier sequence did (a comparison there at or away from where
   * its operands meet, taken or not; a write there, or a read of what they wrote, by a function). Such
   * sequences are compared first, not kept as inputs of their own: kept, they took the turns of inputs
   * with new paths (a linked library's even-length median reached at transaction 1,014, not 108).
   */
  novel: boolean;
}

/** The targets' pcs by the code they are in. */
export function changedPcs(targets: readonly ReachTarget[], runtime: RuntimeCode): ChangedPcs {
  const changed = new Map<number, Set<number>>();
  for (const target of targets) {
    const codeId = (target.runtime ?? runtime).codeId;
    const pcs = changed.get(codeId) ?? new Set<number>();
    for (const pc of target.pcs) pcs.add(pc);
    changed.set(codeId, pcs);
  }
  return changed;
}

/**
 * Sees a campaign's transactions, sequence by sequence, for what decides whether comparing one with
 * the base pays. A changed comparison decides differently on the two revisions only near where its
 * operands meet (`>` against `>=`: equal operands), so a sequence whose changed comparison meets such
 * operands the first time is one to compare; so is the first read, by a function, of a slot a changed
 * line wrote (a checkpoint pushed, then looked up in a later block): the change shows where its state is
 * read, which need not execute a changed line itself.
 */
export class ComparisonInterest {
  /** Storage (address and slot) changed lines wrote, in any sequence so far. */
  private readonly written = new Set<string>();
  private readonly seen = new Set<string>();
  /** The sequence's marks so far, each with the index of the transaction that made it. */
  private marks: { index: number; what: string }[] = [];
  private index = 0;
  private worth = false;

  constructor(private readonly changed: ChangedPcs) {}

  /** The next transaction of the sequence running now (its trace is read here, not kept); `entered`: it executed a changed line. */
  observe(result: TxResult, entered: boolean): void {
    this.worth ||= entered;
    const { trace } = result;
    const index = this.index++;
    const mark = (what: string) => this.marks.push({ index, what });
    if (entered) for (const c of trace.comparisons) if (isChanged(this.changed, c)) mark(`${c.codeId}:${c.cmpPc}:${meeting(c.left, c.right)}:${c.taken}`);
    // Every transaction's reads: none looked at until a changed line wrote something.
    if (this.written.size > 0)
      for (const read of trace.sloads) {
        if (!this.written.has(`${read.address}:${read.slot}`)) continue;
        this.worth = true;
        mark(`read:${read.codeId}:${read.pc}`);
      }
    if (result.outcome.kind !== 'success') return;
    for (const write of trace.sstores) {
      if (!this.changed.get(write.codeId)?.has(write.pc)) continue;
      this.written.add(`${write.address}:${write.slot}`);
      mark(`write:${write.codeId}:${write.pc}`);
    }
  }

  /** The sequence whose transactions were observed ended: what it was, and a fresh start for the next one. */
  end(sequence: TxSequence): Interest {
    const marks = this.marks.map(({ index, what }) => `${sequence[index].to}:${functionKey(sequence[index])}|${what}`);
    const fresh = [...new Set(marks)].filter((m) => !this.seen.has(m));
    for (const m of fresh) this.seen.add(m);
    const interest: Interest = { worth: this.worth, novel: this.worth && fresh.length > 0 };
    this.marks = [];
    this.index = 0;
    this.worth = false;
    return interest;
  }
}

/** How near a comparison's operands are: where `<` and `<=` (or an off-by-one bound) part, or not. */
function meeting(left: bigint, right: bigint): 'equal' | 'adjacent' | 'apart' {
  const gap = left > right ? left - right : right - left;
  return gap === 0n ? 'equal' : gap === 1n ? 'adjacent' : 'apart';
}

import { failureKey } from '../../oracles/index.js';
import { functionKey } from '../harvey/ddsf.js';
import type { CampaignFinding } from '../findings/replay.js';
import type { TxSequence } from '../../abi/index.js';

/**
 * Alternates kept per reported failure. Each costs up to two sequence runs after the campaign (head,
 * then base) when its failure turns out to be pre-existing; a handful of distinct shapes covers the
 * paths a pull request opens beside an old one without making that search a campaign of its own.
 */
export const ALTERNATES_PER_FAILURE = 8;

/**
 * Later inputs that failed the way a reported failure did, which the campaign passed over: when the
 * reported input fails on the base too, one of these may be a path to the same failure that the pull
 * request opened (a pre-existing finding must not stand for an introduced one). Kept per failure
 * identity (`failureKey`), distinct by `callShape` (the reported input's shape included), first come
 * first kept, at most `ALTERNATES_PER_FAILURE`.
 */
export class Alternates {
  private readonly byKey = new Map<string, { shapes: Set<string>; kept: CampaignFinding[] }>();

  /** The reported input's shape: an alternate must reach the failure through other calls. */
  reported(found: CampaignFinding, shape: string): void {
    this.of(failureKey(found.failure)).shapes.add(shape);
  }

  /** Whether the failure has room for another alternate (callers skip working out a shape when not). */
  wants(key: string): boolean {
    return (this.byKey.get(key)?.kept.length ?? 0) < ALTERNATES_PER_FAILURE;
  }

  /** Keeps `found` when its failure has room and no input kept for it has its shape; true when kept. */
  offer(found: CampaignFinding, shape: string): boolean {
    const key = failureKey(found.failure);
    if (!this.wants(key)) return false;
    const entry = this.of(key);
    if (entry.shapes.has(shape)) return false;
    entry.shapes.add(shape);
    entry.kept.push(found);
    return true;
  }

  /** Every alternate, by failure in order of first offer, then in the order kept. */
  list(): CampaignFinding[] {
    return [...this.byKey.values()].flatMap((e) => e.kept);
  }

  private of(key: string): { shapes: Set<string>; kept: CampaignFinding[] } {
    let entry = this.byKey.get(key);
    if (!entry) this.byKey.set(key, (entry = { shapes: new Set(), kept: [] }));
    return entry;
  }
}

/**
 * What an input does on its way to a failure: the functions (deployment and selector) of the calls
 * that changed state and of the failing last call, as a set. Calls that changed nothing cannot have
 * set the failure up, and order and arguments are what the fuzzer varies most: two inputs of one
 * shape are most likely the same path. Without `changedState`, every call counts.
 */
export function callShape(executed: TxSequence, changedState?: (index: number) => boolean): string {
  const last = executed.length - 1;
  const functions = executed.flatMap((call, i) => (i === last || changedState === undefined || changedState(i) ? [`${call.to}:${functionKey(call)}`] : []));
  return [...new Set(functions)].sort().join(',');
}

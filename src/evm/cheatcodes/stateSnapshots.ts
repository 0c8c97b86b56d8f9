import type { StateMark } from '../journaledState.js';
import type { CheatState } from './state.js';
import { CheatcodeError, type Chain, type CheatcodeDefinition } from './types.js';

/** A `snapshotState()`: the chain's state (a point of its undo log) and the block fields forge restores with it. */
export interface StateSnapshot {
  mark: StateMark;
  number: bigint;
  timestamp: bigint;
  baseFeePerGas: bigint;
}

function takeSnapshot(chain: Chain, state: CheatState): bigint {
  const mark = chain.state.mark();
  if (mark === undefined) throw new CheatcodeError('vm.snapshotState: no transaction is running');
  const id = state.nextSnapshotId++;
  const { number, timestamp, baseFeePerGas } = chain.header;
  state.snapshots.set(id, { mark, number, timestamp, baseFeePerGas });
  return id;
}

/**
 * Back to snapshot `id`: state and block fields. Snapshots taken after it are dropped (their writes
 * are undone); `keep` false drops `id` too. False when there is no such snapshot, or when its writes
 * were themselves reverted since (a call that took it and then reverted).
 */
function revertToSnapshot(chain: Chain, state: CheatState, id: bigint, keep: boolean): boolean {
  const snapshot = state.snapshots.get(id);
  if (snapshot === undefined || !chain.state.rewind(snapshot.mark)) return false;
  Object.assign(chain.header, { number: snapshot.number, timestamp: snapshot.timestamp, baseFeePerGas: snapshot.baseFeePerGas });
  for (const later of [...state.snapshots.keys()]) if (later > id || (later === id && !keep)) state.snapshots.delete(later);
  return true;
}

/** forge's state snapshots under their current names and the deprecated ones (`snapshot`, `revertTo`, …), same semantics. */
const NAMES = [
  {
    snapshot: 'snapshotState',
    revert: 'revertToState',
    revertAndDelete: 'revertToStateAndDelete',
    remove: 'deleteStateSnapshot',
    removeAll: 'deleteStateSnapshots',
  },
  { snapshot: 'snapshot', revert: 'revertTo', revertAndDelete: 'revertToAndDelete', remove: 'deleteSnapshot', removeAll: 'deleteSnapshots' },
];

export const stateSnapshotCheatcodes: readonly CheatcodeDefinition[] = NAMES.flatMap((n): CheatcodeDefinition[] => [
  { signature: `function ${n.snapshot}() returns (uint256 snapshotId)`, run: (_args, call) => [takeSnapshot(call.chain, call.state)] },
  {
    signature: `function ${n.revert}(uint256 snapshotId) returns (bool success)`,
    run: ([id], call) => [revertToSnapshot(call.chain, call.state, id as bigint, true)],
  },
  {
    signature: `function ${n.revertAndDelete}(uint256 snapshotId) returns (bool success)`,
    run: ([id], call) => [revertToSnapshot(call.chain, call.state, id as bigint, false)],
  },
  { signature: `function ${n.remove}(uint256 snapshotId) returns (bool success)`, run: ([id], call) => [call.state.snapshots.delete(id as bigint)] },
  { signature: `function ${n.removeAll}()`, run: (_args, call) => call.state.snapshots.clear() },
]);

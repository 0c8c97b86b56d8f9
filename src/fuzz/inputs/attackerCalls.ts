import { bytesToHex, hexToBytes, type Hex } from 'viem';
import { ATTACKER_CALL_SELECTOR } from '../../evm/index.js';
import { type AbiValue, type Call, type CallTarget, decodeArgs, encodeCall, type TxSequence } from '../../abi/index.js';
import type { Rng } from '../../rng.js';

/**
 * Calls through Lookout's attacker (src/evm/attacker.ts): `lookoutCall(to, data, reenter)` forwards
 * `data` to deployment `to` and re-enters it with `reenter` when paid or called back. Built from
 * the project's own calls — the random bytes of a plain `bytes` argument would almost never be one.
 */

/** Where the attacker's calls find deployments: `addresses[senders + i]` is deployment i's address. */
export interface CallWorld {
  addresses: readonly string[];
  senders: number;
  /** The callable targets of each deployment; the attacker's are its `lookoutCall`. */
  targets: readonly (readonly CallTarget[])[];
}

export interface AttackerWorld extends CallWorld {
  rng: Rng;
}

export function isAttackerCall(target: CallTarget): boolean {
  return target.kind === 'function' && target.selector === ATTACKER_CALL_SELECTOR;
}

/** The deployment the attacker is, when the campaign calls it. */
export function attackerDeployment(targets: AttackerWorld['targets']): number | undefined {
  const index = targets.findIndex((t) => t.length > 0 && t.every(isAttackerCall));
  return index < 0 ? undefined : index;
}

/** `lookoutCall`'s arguments: forward `call` (its deployment's address, its calldata) and re-enter with `reenter`. */
export function attackerArgs(world: AttackerWorld, call: Call, reenter: Hex): AbiValue[] {
  return [world.addresses[world.senders + call.to], calldata(call), reenter];
}

export function calldata(call: Call): Hex {
  return bytesToHex(encodeCall(call));
}

/**
 * How the attacker joins a sequence: `replace` — it takes one sender's place; `mirror` — it makes
 * the same calls as one sender, each right after the sender's own, and the sender's last call
 * instead of it. Mirrored, the attacker holds the same stake as an honest user of the contract, so
 * the contract holds at least twice what the attacker is owed when it re-enters: what a re-entrant
 * payout needs to pay twice.
 */
export type AttackerPlacement = 'replace' | 'mirror';

/**
 * A mutation: every call one sender makes to a contract goes through the attacker (see
 * `AttackerPlacement`), with its ether, and re-enters with itself (withdraw from withdraw, the
 * classic attack). The attacker then holds what the sender deposited, so that a sequence the corpus
 * kept for its plain calls becomes an attack. Undefined without an attacker or a plain call to wrap.
 */
export function throughAttacker(sequence: TxSequence, world: AttackerWorld, placement: AttackerPlacement = 'replace'): TxSequence | undefined {
  const attacker = attackerDeployment(world.targets);
  if (attacker === undefined) return undefined;
  const plain = sequence.filter((call) => call.to !== attacker);
  if (plain.length === 0) return undefined;
  const sender = world.rng.pick(plain).sender;
  const target = world.targets[attacker][0];
  const wrap = (call: Call): Call => ({ ...call, to: attacker, target, args: attackerArgs(world, call, calldata(call)) });
  const own = (call: Call) => call.to !== attacker && call.sender === sender;
  if (placement === 'replace') return sequence.map((call) => (own(call) ? wrap(call) : call));
  const last = sequence.findLastIndex(own);
  return sequence.flatMap((call, i) => (!own(call) ? [call] : i === last ? [wrap(call)] : [call, wrap(call)]));
}

/**
 * The call an attacker call forwards, made directly by the same sender with the same ether — what
 * shrinking tries, so that a finding that does not need the attacker shows plain calls. Undefined
 * for other calls, or when the forwarded calldata is no function of the deployment it names.
 */
export function unwrapAttackerCall(call: Call, world: CallWorld): Call | undefined {
  return isAttackerCall(call.target) ? forwarded(call, call.args[1] as Hex, world) : undefined;
}

/** An attacker call as the calls it makes: the one it forwards and the one it re-enters with (undefined: none). */
export function attackerCallParts(call: Call, world: CallWorld): { forwards: Call; reenters: Call | undefined } | undefined {
  const forwards = unwrapAttackerCall(call, world);
  const reenter = call.args[2] as Hex;
  return forwards && { forwards, reenters: reenter === '0x' ? undefined : forwarded(call, reenter, world) };
}

/**
 * What decides the ether a call may carry: for a call through the attacker, the function it
 * forwards (the attacker passes its ether on), so that a forwarded `withdraw()` carries none and a
 * forwarded `deposit()` some, as they would called directly.
 */
export function payingTarget(target: CallTarget, args: readonly AbiValue[], world: CallWorld): CallTarget {
  if (!isAttackerCall(target)) return target;
  return forwardedTarget(args[0] as string, args[1] as Hex, world)?.target ?? target;
}

function forwardedTarget(address: string, data: Hex, world: CallWorld): { to: number; target: CallTarget } | undefined {
  const to = world.addresses.indexOf(address.toLowerCase()) - world.senders;
  const targets = world.targets[to] ?? [];
  // Empty calldata pays the contract: its receive function.
  if (data === '0x') return targets.some((t) => t.kind === 'receive') ? { to, target: { kind: 'receive' } } : undefined;
  const selector = data.slice(0, 10).toLowerCase();
  const target = targets.find((t) => t.kind === 'function' && t.selector === selector);
  return target && { to, target };
}

function forwarded(call: Call, data: Hex, world: CallWorld): Call | undefined {
  const found = forwardedTarget(call.args[0] as string, data, world);
  if (found === undefined) return undefined;
  const { to, target } = found;
  if (target.kind === 'receive') return { ...call, to, target, args: [] };
  if (target.kind !== 'function') return undefined;
  try {
    return { ...call, to, target, args: decodeArgs(target.fn, hexToBytes(data)) };
  } catch {
    // Calldata a mutation cut short: nothing to unwrap.
    return undefined;
  }
}

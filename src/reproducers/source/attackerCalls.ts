import { decodeFunctionData, getAddress, type Abi, type Hex } from 'viem';
import { ATTACKER_ABI } from '../../evm/index.js';
import { type AddressNames, etherText, type ReportCall } from '../../report/index.js';
import { functionOf, typedArguments } from './arguments.js';
import { overloadInterface } from './overloads.js';
import type { PlannedAttacker } from './types.js';

/** The reproducer's variable for Lookout's attacker. */
export const ATTACKER_INSTANCE = 'lookoutAttacker';

/** A typed call the reproducer writes: `instance.fn{value}(args)`. */
export interface TypedCall {
  instance: string;
  fn: string;
  /** `{value: 1 ether}` or ''. */
  value: string;
  args: string[];
  /** The interface naming `fn` when the contract overloads it (see overloads.ts). */
  via?: string;
}

/** A typed call as the sequence's step: `plain` lets a revert fail the test, `try` lets it pass, `compare` keeps its outcome and data. */
export function typedStatement({ instance, fn, value, args, via }: TypedCall, how: 'plain' | 'try' | 'compare'): string[] {
  if (how === 'compare')
    return [`(bool success, bytes memory returned) = address(${instance}).call${value}(abi.encodeCall(${via ?? instance}.${fn}, (${args.join(', ')})));`];
  const expression = `${via === undefined ? instance : `${via}(address(${instance}))`}.${fn}${value}(${args.join(', ')})`;
  return how === 'try' ? [`try ${expression} {} catch {}`] : [`${expression};`];
}

/** What writing a call through the attacker needs: the called contract's variable and ABI, addresses as expressions, and the types used. */
export interface CallContext {
  contract(name: string | undefined): { instance: string; type: string; abi: Abi } | undefined;
  values: AddressNames;
  need(type: string): void;
}

/**
 * Which of the attacker's calls to write: `campaign` — the call as the campaign made it (forward,
 * re-entering when called back); `forward` — the forwarded call alone, re-entering nothing; `reentry`
 * — the re-entry call alone, as a call of its own with no ether (the reentrancy oracle's comparison).
 */
export type AttackerCallPart = 'campaign' | 'forward' | 'reentry';

/** The attacker's interface: its source is Lookout's (src/evm/attacker.ts), its runtime is etched, so the reproducer declares only what it calls. */
export function attackerInterface(): string[] {
  return [
    "/// Lookout's attacker (its runtime is etched in setUp()): lookoutCall forwards data (with the ether) to `to` and, when",
    '/// `to` pays it or calls it back meanwhile, re-enters `to` once with reenter (empty: never).',
    'interface LookoutAttacker {',
    '    function lookoutCall(address to, bytes calldata data, bytes calldata reenter) external payable returns (bytes memory);',
    '}',
    '',
  ];
}

/** The attacker at its campaign address: its runtime code, etched (it has no storage, only transient slots). */
export function attackerSetUp(attacker: PlannedAttacker): string[] {
  return [`vm.etch(address(${ATTACKER_INSTANCE}), hex"${attacker.runtime.slice(2)}");`, `vm.label(address(${ATTACKER_INSTANCE}), "${ATTACKER_INSTANCE}");`];
}

export function attackerDeclaration(attacker: PlannedAttacker): string {
  return `LookoutAttacker internal ${ATTACKER_INSTANCE} = LookoutAttacker(payable(${getAddress(attacker.address)}));`;
}

/**
 * `lookoutAttacker.lookoutCall(address(bank), abi.encodeCall(bank.withdraw, ()), …)`: the forwarded
 * and re-entry calls typed when their arguments can be written, else as the campaign's bytes. Named
 * through the variable: `Bank.withdraw` does not compile when Bank inherits `withdraw`.
 */
export function attackerCall(call: ReportCall, part: AttackerCallPart, context: CallContext): TypedCall {
  const [to, data, reenter] = decodeFunctionData({ abi: ATTACKER_ABI, data: call.calldata as Hex }).args;
  const target = context.contract(call.contract);
  const targetText = target === undefined ? getAddress(to) : `address(${target.instance})`;
  const forwarded = encoded(call.function, call.args, data, target, context);
  const reentry = call.attacker?.reenters
    ? encoded(call.attacker.reenters.function, call.attacker.reenters.args, reenter, target, context)
    : bytesText(reenter);
  const value = call.value === '0' || part === 'reentry' ? '' : `{value: ${etherText(BigInt(call.value))}}`;
  const args = part === 'campaign' ? [forwarded, reentry] : part === 'forward' ? [forwarded, '""'] : [reentry, '""'];
  return { instance: ATTACKER_INSTANCE, fn: 'lookoutCall', value, args: [targetText, ...args] };
}

function encoded(signature: string, args: readonly unknown[], raw: Hex, target: ReturnType<CallContext['contract']>, context: CallContext): string {
  const fn = target === undefined ? undefined : functionOf(target.abi, signature);
  const typed = fn === undefined ? undefined : typedArguments(fn.inputs, args, context.values, context.need);
  if (fn === undefined || typed === undefined) return bytesText(raw);
  return `abi.encodeCall(${overloadInterface(target!.abi, fn) ?? target!.instance}.${fn.name}, (${typed.join(', ')}))`;
}

function bytesText(data: Hex): string {
  return data === '0x' ? '""' : `hex"${data.slice(2)}"`;
}

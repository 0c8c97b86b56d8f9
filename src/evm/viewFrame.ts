import type { EVM, ExecResult } from '@ethereumjs/evm';
import type { Address as EthAddress } from '@ethereumjs/util';

/** A call whose state changes are all thrown away after it (`Executor.view`, property probes). */
export interface ViewCall {
  block: unknown;
  caller: EthAddress;
  to: EthAddress;
  /** The code at `to`. */
  code: Uint8Array;
  data: Uint8Array;
  gasLimit: bigint;
}

interface EvmInternals {
  _block?: unknown;
  _tx?: { gasPrice: bigint; origin: EthAddress };
  runInterpreter(message: object): Promise<ExecResult>;
}

/** EIP-7702's delegation designator: such code runs another account's code, which `_loadCode` looks up. */
const DELEGATION_PREFIX = [0xef, 0x01, 0x00];

/**
 * Whether `viewFrame` runs this call as `runCall` would: code that is neither empty (a precompile, an
 * account) nor a delegation, and no listener on the library's message events (forge's cheatcodes).
 */
export function viewFrameFits(evm: EVM, code: Uint8Array): boolean {
  if (code.length === 0 || DELEGATION_PREFIX.every((byte, i) => code[i] === byte)) return false;
  return evm.events.listenerCount('beforeMessage') === 0 && evm.events.listenerCount('afterMessage') === 0;
}

/**
 * The outermost frame of a call without value whose state is reverted afterwards, run straight
 * through `runInterpreter`: `runCall` and `_executeCall` add, for such a call, a message, ten awaits,
 * journal checkpoints and a zero-value transfer that touches both accounts — nothing the frame's
 * execution sees (its gas, warm sets and code are the same), and all of it undone by the revert. A
 * property probe after most state-changing transactions is such a call; it cost about as much as the
 * transaction before it (61 µs against 84 µs on Simple). Inner calls still go through `runCall`.
 */
export function viewFrame(evm: EVM, call: ViewCall): Promise<ExecResult> {
  const internals = evm as unknown as EvmInternals;
  internals._block = call.block;
  internals._tx = { gasPrice: 0n, origin: call.caller };
  return internals.runInterpreter({
    caller: call.caller,
    to: call.to,
    codeAddress: call.to,
    data: call.data,
    value: 0n,
    code: call.code,
    depth: 0,
    isStatic: false,
    isCompiled: false,
    delegatecall: false,
    gasLimit: call.gasLimit,
    gasRefund: 0n,
    chargeCodeAccesses: true,
    selfdestruct: new Map(),
    createdAddresses: new Set(),
  });
}

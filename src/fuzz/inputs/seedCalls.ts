import type { AbiValue, Call, CallTarget } from '../../abi/index.js';

/** Integer arguments in seeds are in [1, 2^16): within any funded balance, far from overflowing a product. */
export const SEED_INTEGER_BITS = 16;

/** A seed's call: from the deployer (sender 0), no ether, no delay. */
export function seedCall(to: number, target: CallTarget, args: AbiValue[]): Call {
  return { sender: 0, to, target, args, value: 0n, blockDelay: 0, timeDelay: 0 };
}

export function changesState(target: CallTarget): boolean {
  return target.kind === 'function' && target.fn.stateMutability !== 'view' && target.fn.stateMutability !== 'pure';
}

import { toFunctionSelector } from 'viem';
import { isErc20Shaped } from '../abi/index.js';
import type { CompiledContract } from '../compile/index.js';
import { instructions, Op, stripMetadata } from '../bytecode/index.js';
import { constructorOf, contractTypeNames, isDeployable } from './catalog.js';

/**
 * Tokens deployed beside a contract that trades tokens it is not given at construction, as a user's
 * test deploys them first (a pair over two tokens, set by `initialize`): two instances, so that
 * what takes two different tokens can be set up.
 */
export const STAGE_TOKEN_INSTANCES = 2;

const BALANCE_OF = BigInt(toFunctionSelector('balanceOf(address)'));
/** What follows a selector compared in a function dispatcher (equality, or a binary search's split). */
const DISPATCH = new Set<number>([Op.EQ, Op.GT, Op.LT]);

/**
 * Whether runtime code reads another contract's ERC-20 balances: it pushes `balanceOf(address)`'s
 * selector other than to compare it in its own dispatcher (a pair's LP token has a `balanceOf` of its own).
 */
export function readsTokenBalances(code: Uint8Array): boolean {
  const list = [...instructions(stripMetadata(code))];
  return list.some((ins, i) => ins.op.code === Op.PUSH4 && ins.push === BALANCE_OF && !list.slice(i + 1, i + 3).some((next) => DISPATCH.has(next.op.code)));
}

/**
 * The token contracts a contract needs deployed beside it: none when it reads no token balances or its
 * constructor takes a contract (what it trades is given there); else the project's deployable
 * ERC-20-shaped contracts that read no balances themselves (plain tokens, not pairs or vaults), in
 * project order, to try until one deploys.
 */
export function stageTokenCandidates(contract: CompiledContract, contracts: readonly CompiledContract[]): CompiledContract[] {
  if (!readsTokenBalances(contract.deployed.bytecode)) return [];
  const { params } = constructorOf(contract);
  if (contractTypeNames(params).length > 0) return [];
  return contracts.filter((c) => c.id !== contract.id && isDeployable(c) && isErc20Shaped(c.abi) && !readsTokenBalances(c.deployed.bytecode));
}

import { bytesToBigInt, encodeFunctionData, hexToBytes, parseAbi } from 'viem';
import type { Address, Executor } from '../evm/index.js';

const TOKEN_VIEWS = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
]);

/**
 * A token deployment's ERC-20 view now (rolled back): `totalSupply()`, `balanceOf(holder)` or
 * `allowance(owner, spender)`, the addresses in `args`; undefined when it reverts or returns too little.
 */
export function tokenView(
  executor: Executor,
  token: number,
  fn: 'totalSupply' | 'balanceOf' | 'allowance',
  args: readonly Address[],
): Promise<bigint | undefined> {
  return readWord(executor, token, encodeFunctionData({ abi: TOKEN_VIEWS, functionName: fn, args: args as [Address, Address] }));
}

/** A token deployment's `balanceOf(holder)` now (a rolled-back view); undefined when it reverts or returns too little. */
export function tokenBalance(executor: Executor, token: number, holder: Address): Promise<bigint | undefined> {
  return tokenView(executor, token, 'balanceOf', [holder]);
}

/** A token deployment's `totalSupply()` now; undefined when it reverts or returns too little. */
export function tokenSupply(executor: Executor, token: number): Promise<bigint | undefined> {
  return tokenView(executor, token, 'totalSupply', []);
}

async function readWord(executor: Executor, to: number, data: `0x${string}`): Promise<bigint | undefined> {
  const { success, returnData } = await executor.view(to, hexToBytes(data));
  return success && returnData.length >= 32 ? bytesToBigInt(returnData.subarray(0, 32)) : undefined;
}

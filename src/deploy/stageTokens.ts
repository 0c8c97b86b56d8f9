import { toFunctionSelector } from 'viem';
import { isErc20Shaped } from '../abi/index.js';
import type { CompiledContract } from '../compile/index.js';
import { instructions, Op, stripMetadata } from '../bytecode/index.js';
import { constructorOf, isDeployable } from './catalog.js';
import { issuesTokens } from './funding.js';

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
 * selector other than to compare it in its own dispatcher (a pair's LP token has a `balanceOf` of its
 * own). The creation code of a contract of `build` it embeds (a factory's `new Pair`) is not its own.
 */
export function readsTokenBalances(code: Uint8Array, build: readonly CompiledContract[]): boolean {
  const list = [...instructions(ownCode(stripMetadata(code), build))];
  return list.some((ins, i) => ins.op.code === Op.PUSH4 && ins.push === BALANCE_OF && !list.slice(i + 1, i + 3).some((next) => DISPATCH.has(next.op.code)));
}

/** `code` up to the first creation code of `build` embedded in it (solc appends those after the code's own). */
function ownCode(code: Uint8Array, build: readonly CompiledContract[]): Uint8Array {
  return code.subarray(0, Math.min(code.length, ...embedded(code, build).map((e) => e.at)));
}

/**
 * Whether runtime code creates contracts of `build` that read token balances: it embeds their creation
 * code (a factory's `new Pair`), and the pairs it creates trade the tokens `createPair` is given.
 */
export function createsBalanceReaders(code: Uint8Array, build: readonly CompiledContract[]): boolean {
  return embedded(stripMetadata(code), build).some(({ contract }) => readsTokenBalances(contract.deployed.bytecode, build));
}

/** The contracts of `build` whose creation code `code` embeds, and where. */
function embedded(code: Uint8Array, build: readonly CompiledContract[]): { contract: CompiledContract; at: number }[] {
  const bytes = Buffer.from(code.buffer, code.byteOffset, code.byteLength);
  return build.flatMap((contract) => {
    const { bytecode } = contract.creation;
    const at = bytecode.length === 0 || bytecode.length >= code.length ? -1 : bytes.indexOf(bytecode);
    return at > 0 ? [{ contract, at }] : [];
  });
}

/**
 * The token contracts a contract needs deployed beside it: none when it neither reads token balances
 * nor creates contracts that do (a factory's pairs), or when it reads them and its constructor takes an
 * address (what it trades is given there: a vault's asset); else the project's
 * deployable ERC-20-shaped contracts that read no balances themselves (plain tokens, not pairs or
 * vaults), to try in turn until one deploys whose deployer holds some: first those that give tokens
 * (a public `mint(address,uint256)`, a payable `deposit()`, or a constructor taking an integer, as
 * v2-core's test `ERC20(uint _totalSupply)`), then the rest (a bare base like Uniswap's LP token,
 * which nobody holds), in project order within each.
 */
export function stageTokenCandidates(contract: CompiledContract, contracts: readonly CompiledContract[]): CompiledContract[] {
  const reads = readsTokenBalances(contract.deployed.bytecode, contracts);
  if (!reads && !createsBalanceReaders(contract.deployed.bytecode, contracts)) return [];
  // A factory's address parameter names a role (`feeToSetter`): its pairs get their tokens when created.
  if (reads && constructorOf(contract).params.some((p) => p.type.startsWith('address'))) return [];
  const tokens = contracts.filter(
    (c) => c.id !== contract.id && isDeployable(c) && isErc20Shaped(c.abi) && !readsTokenBalances(c.deployed.bytecode, contracts),
  );
  const givesTokens = (c: CompiledContract) => issuesTokens(c.abi) || constructorOf(c).params.some((p) => /^u?int\d*$/.test(p.type));
  return [...tokens.filter(givesTokens), ...tokens.filter((c) => !givesTokens(c))];
}

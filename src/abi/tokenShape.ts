import type { Abi, AbiFunction } from 'viem';

/** The ERC-20 functions a contract must have, by signature, to be judged as a token. */
const ERC20_SIGNATURES = [
  'balanceOf(address)',
  'transfer(address,uint256)',
  'transferFrom(address,address,uint256)',
  'approve(address,uint256)',
  'allowance(address,address)',
];

/** Whether the ABI has every ERC-20 function (EIP-20), whatever else it has (ERC-4626 vaults are tokens too). */
export function isErc20Shaped(abi: Abi): boolean {
  const signatures = new Set(
    abi.filter((item): item is AbiFunction => item.type === 'function').map((fn) => `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})`),
  );
  return ERC20_SIGNATURES.every((s) => signatures.has(s));
}

/** Whether a token states its `decimals()` (optional in EIP-20): then its amounts read in whole tokens. */
export function hasDecimals(abi: Abi): boolean {
  return abi.some((item) => item.type === 'function' && item.name === 'decimals' && item.inputs.length === 0);
}

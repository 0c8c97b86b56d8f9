import type { Abi } from 'viem';
import { tokenBalance, tokenSupply } from '../../deploy/index.js';
import type { Address, Executor } from '../../evm/index.js';
import { isErc20Shaped } from '../../abi/index.js';

/**
 * The amounts a caller can read off the state every sequence starts from: the ether each deployed
 * contract holds, and for every ERC-20-shaped deployment its `totalSupply()` and the `balanceOf` of
 * each sender and deployment (after funding, a sender's deposit; a vault's donated assets). Withdrawing
 * "everything the contract holds" or "one more than my balance" needs exactly these numbers, which
 * execution feedback never shows: the funding ran before the campaign. Senders' own ether is left
 * out: it exceeds what one call may carry. `abis` is indexed like the executor's deployments.
 */
export async function openingAmounts(executor: Executor, abis: readonly (Abi | undefined)[]): Promise<bigint[]> {
  const amounts = deployedEther(executor);
  const holders: Address[] = [...executor.senderAddresses, ...executor.deployments.map((d) => d.address)];
  for (let token = 0; token < executor.deployments.length; token++) {
    const abi = abis[token];
    if (abi === undefined || !isErc20Shaped(abi)) continue;
    const supply = await tokenSupply(executor, token);
    if (supply !== undefined) amounts.push(supply);
    for (const holder of holders) {
      const balance = await tokenBalance(executor, token, holder);
      if (balance !== undefined) amounts.push(balance);
    }
  }
  return amounts;
}

/**
 * The ether each deployment holds now: after a kept input, what "withdraw everything" takes there.
 * A state read, no execution, so cheap enough for every kept input; token balances a kept input
 * changed reach the dictionary as the values it stored (`harvestFeedback`).
 */
export function deployedEther(executor: Executor): bigint[] {
  return executor.deployments.map((d) => executor.balanceOf(d.address));
}

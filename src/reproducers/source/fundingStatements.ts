import { getAddress } from 'viem';
import { addressText, etherText, integerText, type AddressNames } from '../../report/index.js';
import type { PlannedFunding } from './types.js';

/**
 * The campaign's funding transactions as `setUp()` statements, each under a prank of its sender:
 * `token.mint(alice, …)` from the deployer, `weth.deposit{value: …}()` from the holder, a share of
 * the deployer's balance by `transfer`, a vault's donation, ether sent to a contract. `instances`:
 * contract variables by address.
 */
export function fundingStatements(funding: readonly PlannedFunding[], instances: AddressNames, values: AddressNames): string[] {
  if (funding.length === 0) return [];
  const lines = ['// The campaign started funded (senders with tokens, a vault with a donation, contracts with ether): the same transactions.'];
  if (funding.some((f) => f.via === 'transfer')) lines.push('uint256 share;');
  for (const f of funding) {
    const token = instances.get(f.token.toLowerCase());
    if (token === undefined) throw new Error(`the funded token ${getAddress(f.token)} is not one the reproducer deploys`);
    const [from, holder] = [addressText(f.from, values), addressText(f.holder, values)];
    const prank = `vm.prank(${from}, ${from});`;
    switch (f.via) {
      case 'mint':
        lines.push(prank, `${token}.mint(${holder}, ${integerText(f.amount, 'uint256')});`);
        break;
      case 'deposit':
        lines.push(prank, `${token}.deposit{value: ${etherText(f.value)}}();`);
        break;
      case 'transfer':
        // The deployer keeps a share as large as each other sender's (read before the prank: a view call would take it).
        lines.push(`share = ${token}.balanceOf(${from}) / ${f.shares};`, prank, `${token}.transfer(${holder}, share);`);
        break;
      case 'donation':
        lines.push(prank, `${token}.transfer(${holder}, ${integerText(f.amount, 'uint256')});`);
        break;
      case 'ether':
        lines.push(prank, `{ (bool sent, ) = payable(address(${token})).call{value: ${etherText(f.value)}}(""); require(sent, "funding failed"); }`);
        break;
    }
  }
  return lines;
}

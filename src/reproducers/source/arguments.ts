import type { Abi, AbiFunction, AbiParameter } from 'viem';
import { valueText, type AddressNames } from '../../report/index.js';

/** Parameter types a typed call can be written with: elementary ones, arrays of them, and contracts (converted). */
const ELEMENTARY = /^(address|bool|string|bytes\d*|u?int\d*)(\[\d*\])*$/;

/**
 * Typed arguments as Solidity writes them, or undefined when one cannot be written as a literal
 * (a struct, an enum, a function, an array of contracts): the caller then passes raw calldata.
 * A contract-typed parameter gets `Token(payable(address(token)))`; `need` is told to import it.
 */
export function typedArguments(
  params: readonly AbiParameter[],
  values: readonly unknown[],
  names: AddressNames,
  need: (type: string) => void,
): string[] | undefined {
  const texts: string[] = [];
  for (const [i, param] of params.entries()) {
    const internal = param.internalType ?? param.type;
    const contract = /^contract (\w+)$/.exec(internal);
    if (contract) {
      need(contract[1]);
      texts.push(`${contract[1]}(payable(${valueText(param, values[i], names)}))`);
      continue;
    }
    if (!ELEMENTARY.test(param.type) || (internal !== param.type && internal !== 'address payable')) return undefined;
    texts.push(valueText(param, values[i], names));
  }
  return texts;
}

/** The function a report call names (`withdraw(uint256)`), from the called contract's ABI. */
export function functionOf(abi: Abi, signature: string): AbiFunction | undefined {
  return abi.find((item): item is AbiFunction => item.type === 'function' && `${item.name}(${item.inputs.map(canonical).join(',')})` === signature);
}

function canonical(param: AbiParameter): string {
  if (!param.type.startsWith('tuple')) return param.type;
  const components = 'components' in param ? param.components : [];
  return `(${components.map(canonical).join(',')})${param.type.slice('tuple'.length)}`;
}

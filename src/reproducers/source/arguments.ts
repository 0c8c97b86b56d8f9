import type { Abi, AbiFunction, AbiParameter } from 'viem';
import { valueText, type AddressNames } from '../../report/index.js';

/**
 * Typed arguments as Solidity writes them, or undefined when one cannot be written as an expression
 * (a function, a struct or enum declared outside a contract): the caller then passes raw calldata.
 * A contract-typed parameter gets `Token(payable(address(token)))`, an `address payable` one
 * `payable(alice)`, a struct `Vault.Config(alice, 3)`, a fixed array `[uint256(1), 2]`, a dynamic one
 * `dynamicArray([alice, bob])`. `need` is told each type to import (`Token`, `Vault`) and each
 * fixed array a dynamic one is built from (`address[2]`: see `dynamicArrayHelpers`).
 */
export function typedArguments(
  params: readonly AbiParameter[],
  values: readonly unknown[],
  names: AddressNames,
  need: (type: string) => void,
): string[] | undefined {
  const texts = params.map((param, i) => argumentText(param, values[i], names, need));
  return texts.every((text) => text !== undefined) ? texts : undefined;
}

function argumentText(param: AbiParameter, value: unknown, names: AddressNames, need: (type: string) => void): string | undefined {
  const internal = param.internalType ?? param.type;
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array) {
    if (!Array.isArray(value)) return undefined;
    const element = { ...param, type: array[1], internalType: internal.replace(/\[\d*\]$/, '') } as AbiParameter;
    const type = solidityType(element);
    const items = value.map((v) => argumentText(element, v, names, need));
    if (type === undefined || items.some((item) => item === undefined)) return undefined;
    // The element type is named even when no element is written (`new IPool.Order[](0)`): its declaring contract is imported.
    const declaring = /^(\w+)\./.exec(type)?.[1] ?? (/^contract /.test(element.internalType ?? '') ? type.replace(/\[.*$/, '') : undefined);
    if (declaring !== undefined) need(declaring);
    if (items.length === 0) return array[2] === '' ? `new ${type}[](0)` : undefined;
    // An inline array takes its first element's type: `[1, 2]` is a uint8[2], `["a", "bc"]` has none.
    const first = /^(u?int\d*|string|bytes)$/.test(type) ? `${type}(${items[0]})` : items[0];
    const literal = `[${[first, ...items.slice(1)].join(', ')}]`;
    if (array[2] !== '') return literal;
    need(`${type}[${items.length}]`);
    return `dynamicArray(${literal})`;
  }
  const contract = /^contract (\w+)$/.exec(internal);
  if (contract) {
    need(contract[1]);
    return `${contract[1]}(payable(${valueText(param, value, names)}))`;
  }
  const declared = /^(struct|enum) (\w+)\.(\w+)$/.exec(internal);
  if (declared) {
    need(declared[2]);
    const name = `${declared[2]}.${declared[3]}`;
    if (declared[1] === 'enum') return `${name}(${valueText({ ...param, internalType: param.type }, value, names)})`;
    const components = 'components' in param ? param.components : [];
    if (!Array.isArray(value) || value.length !== components.length) return undefined;
    const fields = components.map((c, i) => argumentText(c, value[i], names, need));
    return fields.every((f) => f !== undefined) ? `${name}(${fields.join(', ')})` : undefined;
  }
  if (internal === 'address payable') return `payable(${valueText(param, value, names)})`;
  if (!/^(address|bool|string|bytes\d*|u?int\d*)$/.test(param.type) || internal !== param.type) return undefined;
  return valueText(param, value, names);
}

/** The Solidity type of a value written by `argumentText` (`uint256`, `address payable`, `Vault.Config`, `address[]`). */
function solidityType(param: AbiParameter): string | undefined {
  const internal = param.internalType ?? param.type;
  const named = /^(?:contract|struct|enum) (\w+(?:\.\w+)?)((?:\[\d*\])*)$/.exec(internal);
  if (named) return named[1].includes('.') || internal.startsWith('contract') ? `${named[1]}${named[2]}` : undefined;
  return /^(address payable|address|bool|string|bytes\d*|u?int\d*)((?:\[\d*\])*)$/.test(internal) ? internal : undefined;
}

/**
 * `dynamicArray`, overloaded for each fixed array the arguments built a dynamic one from
 * (`address[2]` → `address[]`): Solidity has no literal for a dynamic array. `needed`: what
 * `typedArguments` told `need`, of which only the fixed array types count.
 */
export function dynamicArrayHelpers(needed: Iterable<string>): string[] {
  return [...needed].flatMap((type) => {
    const fixed = /^(.+)\[(\d+)\]$/.exec(type);
    if (fixed === null) return [];
    return [
      `function dynamicArray(${type} memory items) pure returns (${fixed[1]}[] memory list) {`,
      `    list = new ${fixed[1]}[](${fixed[2]});`,
      `    for (uint256 i; i < ${fixed[2]}; i++) list[i] = items[i];`,
      '}',
      '',
    ];
  });
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

import type { Abi, AbiFunction, AbiParameter } from 'viem';

/*
 * An overloaded function cannot be named through its contract: `vault.put(5)` is ambiguous when
 * `put(uint256)` and `put(int256)` both take the literal, and `abi.encodeCall(vault.put, …)` never
 * compiles ("member not unique"). The reproducer declares an interface holding the one overload the
 * campaign called and calls the contract through it.
 */

/** Whether another function of the ABI has the same name. */
function isOverloaded(abi: Abi, fn: AbiFunction): boolean {
  return abi.filter((item) => item.type === 'function' && item.name === fn.name).length > 1;
}

/** `Overload_put_int256`: the interface naming this overload alone (Solidity identifiers take no brackets). */
function interfaceName(fn: AbiFunction): string {
  const types = fn.inputs.map((p) => p.type.replaceAll('[]', 'Array').replace(/\[(\d+)\]/g, 'Array$1'));
  return ['Overload', fn.name, ...types].join('_');
}

/** The interface to call `fn` through when it is overloaded in `abi`; undefined when its name alone is unique. */
export function overloadInterface(abi: Abi, fn: AbiFunction): string | undefined {
  return isOverloaded(abi, fn) ? interfaceName(fn) : undefined;
}

/**
 * The declarations of the overload interfaces `text` (the test contract) uses, from the ABIs of the
 * contracts it calls. Parameters keep their contract types (a contract converts to no address
 * implicitly); the function is payable when the overload is, and declares no outputs (the calls
 * read none through it).
 */
export function overloadDeclarations(text: string, abis: readonly Abi[]): string[] {
  const declared = new Map<string, string[]>();
  for (const abi of abis) {
    for (const item of abi) {
      if (item.type !== 'function' || !isOverloaded(abi, item)) continue;
      const name = interfaceName(item);
      if (declared.has(name) || !new RegExp(`\\b${name}\\b`).test(text)) continue;
      const payable = item.stateMutability === 'payable' ? ' payable' : '';
      declared.set(name, [
        `/// ${item.name} is overloaded: calls name this overload through its own interface.`,
        `interface ${name} {`,
        `    function ${item.name}(${item.inputs.map(parameter).join(', ')}) external${payable};`,
        '}',
        '',
      ]);
    }
  }
  return [...declared.values()].flat();
}

/** A parameter declaration: reference types (strings, bytes, arrays) in calldata. */
function parameter(param: AbiParameter): string {
  const contract = /^contract (\w+)$/.exec(param.internalType ?? '');
  if (contract) return contract[1];
  const reference = param.type === 'string' || param.type === 'bytes' || param.type.endsWith(']');
  return reference ? `${param.type} calldata` : param.type;
}

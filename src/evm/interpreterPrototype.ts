import type { EVM } from '@ethereumjs/evm';

/**
 * @ethereumjs/evm does not export its Interpreter: the prototype is reached through the run state
 * of a one-byte probe run. Wrappers installed on it (jump analysis cache, step loop) apply to every
 * EVM of this library copy, so each must check that the running EVM is one it was enabled for.
 */
export async function interpreterPrototype(evm: EVM): Promise<object> {
  const probe = await evm.runCode({ code: Uint8Array.of(0x00) });
  const prototype = Object.getPrototypeOf(probe.runState?.interpreter) as object | null;
  if (prototype === null) throw new Error('@ethereumjs/evm changed: runCode returned no interpreter');
  return prototype;
}

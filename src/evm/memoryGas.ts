import type { Common } from '@ethereumjs/common';
import { EVMError, getOpcodesForHF } from '@ethereumjs/evm';
import { type CustomOpcode, replaceOpcode, type RunState, top } from './instrumentation.js';
import { Op } from '../bytecode/index.js';

type GasFunction = (runState: RunState, gas: bigint, common: Common) => bigint;

// Forks that add witness or EOF rules to these opcodes' gas: the library's functions stay there.
const OTHER_RULES = [3540, 6800, 7864, 8037];

/**
 * Synchronous gas functions for the opcodes whose dynamic gas is memory expansion (plus copy, hash,
 * exponent bytes). The library's are `async` although they await nothing, so under the step loop
 * (`stepLoop`) each MLOAD, MSTORE, RETURN... still cost a promise and an await: on the struct
 * shape, ABI-decoding a struct ran 30 of them per call. Each function computes what the library's
 * computes (`subMemUsage`, `divCeil`), in the same order, including its side effects on the run
 * state's memory word count and highest memory cost. `base` are the handlers these entries keep
 * (`wordOpcodes`' MSTORE and KECCAK256).
 */
export function memoryGasOpcodes(common: Common, base: readonly CustomOpcode[]): CustomOpcode[] {
  if (OTHER_RULES.some((eip) => common.isActivatedEIP(eip))) return [];
  const table = getOpcodesForHF(common, [...base]);
  const memory = memoryCost(common);
  const copyGas = common.param('copyGas');
  const keccakWordGas = common.param('keccak256WordGas');
  const expByteGas = common.param('expByteGas');
  const words = (length: bigint) => (length + 31n) / 32n;
  const gasFunctions: [number, GasFunction][] = [
    [Op.MLOAD, (runState, gas) => gas + memory(runState, top(runState, 0), 32n)],
    [Op.MSTORE, (runState, gas) => gas + memory(runState, top(runState, 0), 32n)],
    [Op.MSTORE8, (runState, gas) => gas + memory(runState, top(runState, 0), 1n)],
    [Op.RETURN, (runState, gas) => gas + memory(runState, top(runState, 0), top(runState, 1))],
    [Op.REVERT, (runState, gas) => gas + memory(runState, top(runState, 0), top(runState, 1))],
    [
      Op.KECCAK256,
      (runState, gas) => {
        const length = top(runState, 1);
        return gas + memory(runState, top(runState, 0), length) + keccakWordGas * words(length);
      },
    ],
    [
      Op.CALLDATACOPY,
      (runState, gas) => {
        const length = top(runState, 2);
        const charged = gas + memory(runState, top(runState, 0), length);
        return length === 0n ? charged : charged + copyGas * words(length);
      },
    ],
    [
      Op.MCOPY,
      (runState, gas) => {
        const length = top(runState, 2);
        const copied = gas + 3n * words(length);
        return copied + memory(runState, top(runState, 1), length) + memory(runState, top(runState, 0), length);
      },
    ],
    [
      Op.EXP,
      (runState, gas) => {
        const exponent = top(runState, 1);
        if (exponent === 0n) return gas;
        const bytes = Math.ceil(exponent.toString(2).length / 8);
        if (bytes < 1 || bytes > 32) throw new EVMError(EVMError.errorMessages.OUT_OF_RANGE);
        return gas + BigInt(bytes) * expByteGas;
      },
    ],
  ];
  return gasFunctions.map(([code, gasFunction]) => ({ ...replaceOpcode(table, code, (handler) => handler), gasFunction }));
}

/** The interpreter's memory accounting, which the library's typings keep internal. */
interface MemoryAccounting {
  memoryWordCount: bigint;
  highestMemCost: bigint;
}

/** The library's `subMemUsage`: the gas to grow memory to cover `[offset, offset + length)`, recorded as paid. */
function memoryCost(common: Common): (runState: RunState, offset: bigint, length: bigint) => bigint {
  const fee = common.param('memoryGas');
  const quadratic = common.param('quadCoefficientDivGas');
  return (runState, offset, length) => {
    if (length === 0n) return 0n;
    const accounting = runState as unknown as MemoryAccounting;
    const words = (offset + length + 31n) / 32n;
    if (words <= accounting.memoryWordCount) return 0n;
    let cost = words * fee + (words * words) / quadratic;
    if (cost > accounting.highestMemCost) {
      const paid = accounting.highestMemCost;
      accounting.highestMemCost = cost;
      cost -= paid;
    }
    accounting.memoryWordCount = words;
    return cost;
  };
}

/**
 * The one frozen opcode table (through Prague, plus Osaka's CLZ): name, stack items popped and
 * pushed, and immediate bytes. Shared by disassembly, the lookahead analysis and constant mining.
 */
export interface OpcodeInfo {
  readonly code: number;
  readonly name: string;
  readonly pops: number;
  readonly pushes: number;
  /** Bytes of immediate data after the opcode (PUSH1..PUSH32). */
  readonly immediate: number;
  /** Ends a basic block: the next instruction is not reached by falling through. */
  readonly terminates: boolean;
}

const table: [number, string, number, number][] = [
  [0x00, 'STOP', 0, 0],
  [0x01, 'ADD', 2, 1],
  [0x02, 'MUL', 2, 1],
  [0x03, 'SUB', 2, 1],
  [0x04, 'DIV', 2, 1],
  [0x05, 'SDIV', 2, 1],
  [0x06, 'MOD', 2, 1],
  [0x07, 'SMOD', 2, 1],
  [0x08, 'ADDMOD', 3, 1],
  [0x09, 'MULMOD', 3, 1],
  [0x0a, 'EXP', 2, 1],
  [0x0b, 'SIGNEXTEND', 2, 1],
  [0x10, 'LT', 2, 1],
  [0x11, 'GT', 2, 1],
  [0x12, 'SLT', 2, 1],
  [0x13, 'SGT', 2, 1],
  [0x14, 'EQ', 2, 1],
  [0x15, 'ISZERO', 1, 1],
  [0x16, 'AND', 2, 1],
  [0x17, 'OR', 2, 1],
  [0x18, 'XOR', 2, 1],
  [0x19, 'NOT', 1, 1],
  [0x1a, 'BYTE', 2, 1],
  [0x1b, 'SHL', 2, 1],
  [0x1c, 'SHR', 2, 1],
  [0x1d, 'SAR', 2, 1],
  [0x1e, 'CLZ', 1, 1],
  [0x20, 'KECCAK256', 2, 1],
  [0x30, 'ADDRESS', 0, 1],
  [0x31, 'BALANCE', 1, 1],
  [0x32, 'ORIGIN', 0, 1],
  [0x33, 'CALLER', 0, 1],
  [0x34, 'CALLVALUE', 0, 1],
  [0x35, 'CALLDATALOAD', 1, 1],
  [0x36, 'CALLDATASIZE', 0, 1],
  [0x37, 'CALLDATACOPY', 3, 0],
  [0x38, 'CODESIZE', 0, 1],
  [0x39, 'CODECOPY', 3, 0],
  [0x3a, 'GASPRICE', 0, 1],
  [0x3b, 'EXTCODESIZE', 1, 1],
  [0x3c, 'EXTCODECOPY', 4, 0],
  [0x3d, 'RETURNDATASIZE', 0, 1],
  [0x3e, 'RETURNDATACOPY', 3, 0],
  [0x3f, 'EXTCODEHASH', 1, 1],
  [0x40, 'BLOCKHASH', 1, 1],
  [0x41, 'COINBASE', 0, 1],
  [0x42, 'TIMESTAMP', 0, 1],
  [0x43, 'NUMBER', 0, 1],
  [0x44, 'PREVRANDAO', 0, 1],
  [0x45, 'GASLIMIT', 0, 1],
  [0x46, 'CHAINID', 0, 1],
  [0x47, 'SELFBALANCE', 0, 1],
  [0x48, 'BASEFEE', 0, 1],
  [0x49, 'BLOBHASH', 1, 1],
  [0x4a, 'BLOBBASEFEE', 0, 1],
  [0x50, 'POP', 1, 0],
  [0x51, 'MLOAD', 1, 1],
  [0x52, 'MSTORE', 2, 0],
  [0x53, 'MSTORE8', 2, 0],
  [0x54, 'SLOAD', 1, 1],
  [0x55, 'SSTORE', 2, 0],
  [0x56, 'JUMP', 1, 0],
  [0x57, 'JUMPI', 2, 0],
  [0x58, 'PC', 0, 1],
  [0x59, 'MSIZE', 0, 1],
  [0x5a, 'GAS', 0, 1],
  [0x5b, 'JUMPDEST', 0, 0],
  [0x5c, 'TLOAD', 1, 1],
  [0x5d, 'TSTORE', 2, 0],
  [0x5e, 'MCOPY', 3, 0],
  [0x5f, 'PUSH0', 0, 1],
  [0xa0, 'LOG0', 2, 0],
  [0xa1, 'LOG1', 3, 0],
  [0xa2, 'LOG2', 4, 0],
  [0xa3, 'LOG3', 5, 0],
  [0xa4, 'LOG4', 6, 0],
  [0xf0, 'CREATE', 3, 1],
  [0xf1, 'CALL', 7, 1],
  [0xf2, 'CALLCODE', 7, 1],
  [0xf3, 'RETURN', 2, 0],
  [0xf4, 'DELEGATECALL', 6, 1],
  [0xf5, 'CREATE2', 4, 1],
  [0xfa, 'STATICCALL', 6, 1],
  [0xfd, 'REVERT', 2, 0],
  [0xfe, 'INVALID', 0, 0],
  [0xff, 'SELFDESTRUCT', 1, 0],
];

const TERMINATORS = new Set(['STOP', 'JUMP', 'RETURN', 'REVERT', 'INVALID', 'SELFDESTRUCT']);

function build(): readonly OpcodeInfo[] {
  const ops: OpcodeInfo[] = [];
  for (let code = 0; code < 256; code++) {
    ops.push({ code, name: `UNKNOWN_0x${code.toString(16)}`, pops: 0, pushes: 0, immediate: 0, terminates: true });
  }
  for (const [code, name, pops, pushes] of table) {
    ops[code] = { code, name, pops, pushes, immediate: 0, terminates: TERMINATORS.has(name) };
  }
  for (let n = 1; n <= 32; n++) {
    const code = 0x5f + n;
    ops[code] = { code, name: `PUSH${n}`, pops: 0, pushes: 1, immediate: n, terminates: false };
  }
  for (let n = 1; n <= 16; n++) {
    ops[0x7f + n] = { code: 0x7f + n, name: `DUP${n}`, pops: n, pushes: n + 1, immediate: 0, terminates: false };
    ops[0x8f + n] = { code: 0x8f + n, name: `SWAP${n}`, pops: n + 1, pushes: n + 1, immediate: 0, terminates: false };
  }
  return Object.freeze(ops.map((op) => Object.freeze(op)));
}

/** Indexed by opcode byte; unassigned bytes are `UNKNOWN_0x..` and behave like INVALID. */
export const OPCODES: readonly OpcodeInfo[] = build();

export const Op = {
  STOP: 0x00,
  SUB: 0x03,
  EXP: 0x0a,
  EQ: 0x14,
  LT: 0x10,
  GT: 0x11,
  SLT: 0x12,
  SGT: 0x13,
  ISZERO: 0x15,
  KECCAK256: 0x20,
  CALLDATACOPY: 0x37,
  BLOCKHASH: 0x40,
  TIMESTAMP: 0x42,
  NUMBER: 0x43,
  MLOAD: 0x51,
  MSTORE: 0x52,
  MSTORE8: 0x53,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  MCOPY: 0x5e,
  PUSH0: 0x5f,
  PUSH1: 0x60,
  PUSH4: 0x63,
  PUSH32: 0x7f,
  RETURN: 0xf3,
  REVERT: 0xfd,
  INVALID: 0xfe,
  SELFDESTRUCT: 0xff,
  CALL: 0xf1,
  CALLCODE: 0xf2,
  DELEGATECALL: 0xf4,
  STATICCALL: 0xfa,
  CREATE: 0xf0,
  CREATE2: 0xf5,
} as const;

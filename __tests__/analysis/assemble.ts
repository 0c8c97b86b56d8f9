import { OPCODES } from '../../src/bytecode/opcodes.js';

/**
 * A tiny test-side assembler. One instruction per line (`;` starts a comment):
 * `name:` puts a label at the current pc (write the JUMPDEST yourself), `PUSH @name` pushes a
 * label's pc as PUSH2, `PUSHn value` pushes a number (decimal or 0x hex) in n bytes.
 */
export interface Assembled {
  code: Uint8Array;
  labels: Record<string, number>;
}

const BY_NAME = new Map(OPCODES.map((op) => [op.name, op]));

export function assemble(source: string): Assembled {
  const lines = source
    .split('\n')
    .map((line) => line.replace(/;.*/, '').trim())
    .filter((line) => line.length > 0);
  const labels: Record<string, number> = {};
  // Pass 1: label positions (label pushes are always PUSH2).
  let pc = 0;
  for (const line of lines) {
    if (line.endsWith(':')) labels[line.slice(0, -1)] = pc;
    else pc += 1 + immediateSize(line);
  }
  const bytes: number[] = [];
  for (const line of lines) {
    if (line.endsWith(':')) continue;
    const [name, operand] = line.split(/\s+/);
    if (name === 'PUSH' && operand?.startsWith('@')) {
      const target = labels[operand.slice(1)];
      if (target === undefined) throw new Error(`unknown label ${operand}`);
      bytes.push(0x61, target >> 8, target & 0xff);
      continue;
    }
    const op = BY_NAME.get(name);
    if (op === undefined) throw new Error(`unknown opcode ${name}`);
    bytes.push(op.code);
    if (op.immediate > 0) {
      let value = BigInt(operand);
      const imm: number[] = [];
      for (let i = 0; i < op.immediate; i++, value >>= 8n) imm.unshift(Number(value & 0xffn));
      bytes.push(...imm);
    }
  }
  return { code: Uint8Array.from(bytes), labels };
}

function immediateSize(line: string): number {
  const [name, operand] = line.split(/\s+/);
  if (name === 'PUSH' && operand?.startsWith('@')) return 2;
  return BY_NAME.get(name)?.immediate ?? 0;
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeAbiParameters, encodeFunctionData, hexToBigInt, hexToBytes, keccak256 } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { TxTrace } from '../../src/evm/types.js';
import { Op } from '../../src/bytecode/opcodes.js';

const SUB = 0x03;

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Branchy {
    function branch(uint256 v) external pure returns (uint256) {
        if (v == 42) return 1;
        if (v < 10) return 2;
        return 3;
    }
    function store(uint256 slot, uint256 v) external { assembly { sstore(slot, v) } }
    function load(uint256 slot) external view returns (uint256 r) { assembly { r := sload(slot) } }
    function spin(uint256 n) external pure returns (uint256 s) { for (uint256 i = 0; i < n; i++) s += i; }
}

contract Child {
    uint256 public n;
    function ping(uint256 v) external { if (v > 2) n = v; }
}

contract Relay {
    function via(Relay next, Branchy b, uint256 v) external view returns (uint256) {
        if (address(next) == address(0)) return b.branch(v);
        return next.via(Relay(address(0)), b, v);
    }
}

contract Book {
    struct Entry { address holder; uint256[] notes; }
    mapping(uint256 => Entry) private entries;
    function file(uint256 id, uint256 note) external {
        entries[id].holder = msg.sender;
        entries[id].notes.push(note);
    }
    function poke(uint256 slot, uint256 v) external { assembly { sstore(slot, v) } }
}

contract Coin {
    mapping(address => uint256) public balanceOf;
    function give(address to, uint256 v) external { balanceOf[to] += v; }
}

contract Till {
    uint256 public counted;
    function count(Coin coin, address other) external {
        counted = coin.balanceOf(address(this));
        // The same question through a plain CALL, about another holder.
        (, bytes memory answer) = address(coin).call(abi.encodeWithSignature("balanceOf(address)", other));
        counted += abi.decode(answer, (uint256));
        // Not a balance query: another selector.
        coin.give(other, 0);
    }
}

contract Factory {
    function make() external returns (address) {
        Child c = new Child();
        c.ping(3);
        return address(c);
    }
}
`;

let project: CompiledProject;
let dir: string;
let executor: Executor;

function request(name: string) {
  const contract = project.contracts.find((c) => c.name === name);
  if (contract === undefined) throw new Error(`${name} not compiled`);
  return { name, abi: contract.abi, creationCode: contract.creation.bytecode };
}

function call(name: string, functionName: string, args: unknown[] = []): Uint8Array {
  const { abi } = request(name);
  return hexToBytes(encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
}

/** Runs one transaction and copies its trace (the executor reuses the buffers). */
async function traceOf(to: number, data: Uint8Array) {
  const result = await executor.run({ sender: 1, to, data, value: 0n, blockDelay: 1, timeDelay: 1 });
  expect(result.outcome.kind).toBe('success');
  const t: TxTrace = result.trace;
  return {
    pathId: t.pathId,
    edges: new Set(t.edges),
    jumps: Array.from(t.jumps),
    comparisons: t.comparisons.map((c) => ({ ...c })),
    calleeFrames: t.calleeFrames.map((f) => ({ ...f })),
    calleeJumps: Array.from(t.calleeJumps),
    sloads: t.sloads.map((s) => ({ ...s })),
    sstores: t.sstores.map((s) => ({ ...s })),
    balanceReads: t.balanceReads.map((r) => ({ ...r })),
    blocks: new Map([...t.blocks].map(([id, pcs]) => [id, new Set(pcs)])),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-trace-'));
  writeFileSync(path.join(dir, 'Branchy.sol'), SOURCE);
  project = await compileProject({ root: dir, paths: ['Branchy.sol'] });
  executor = await Executor.create([request('Branchy'), request('Factory'), request('Relay'), request('Book'), request('Coin'), request('Till')]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(() => executor.reset());

describe('transaction trace', () => {
  it('gives equal paths equal ids and different branch directions different ids and edges', async () => {
    const equal = await traceOf(0, call('Branchy', 'branch', [42n]));
    const small = await traceOf(0, call('Branchy', 'branch', [5n]));
    const large = await traceOf(0, call('Branchy', 'branch', [500n]));
    const equalAgain = await traceOf(0, call('Branchy', 'branch', [42n]));
    expect(new Set([equal.pathId, small.pathId, large.pathId]).size).toBe(3);
    expect(equalAgain.pathId).toBe(equal.pathId);
    expect(equalAgain.edges).toEqual(equal.edges);
    expect(small.edges).not.toEqual(large.edges);
    // Every edge is a JUMPI of code 0.
    const code = executor.code(0);
    for (const edge of small.edges) {
      expect(Math.floor(edge / 2 ** 32)).toBe(0);
      expect(code[Math.floor((edge % 2 ** 32) / 2)]).toBe(Op.JUMPI);
    }
  });

  it('buckets loop counts as AFL does: 37 and 38 turns are one path, 3 and 4 or 127 and 128 are not', async () => {
    const spin = async (n: bigint) => (await traceOf(0, call('Branchy', 'spin', [n]))).pathId;
    expect(await spin(38n)).toBe(await spin(37n));
    expect(await spin(5n)).toBe(await spin(7n));
    for (const [below, above] of [
      [0n, 1n],
      [1n, 2n],
      [2n, 3n],
      [3n, 4n],
      [7n, 8n],
      [15n, 16n],
      [31n, 32n],
      [127n, 128n],
    ]) {
      expect(await spin(above)).not.toBe(await spin(below));
    }
    expect(await spin(128n)).toBe(await spin(600n));
  });

  it('records the operands of the comparison that decides a branch', async () => {
    const { comparisons } = await traceOf(0, call('Branchy', 'branch', [41n]));
    // ABI decoding also compares 41 with its cleaned-up self; `v == 42` is the one with a 42.
    const equality = comparisons.find((c) => c.op === Op.EQ && [c.left, c.right].includes(42n));
    expect(equality && [equality.left, equality.right].sort()).toEqual([41n, 42n]);
    const less = comparisons.find((c) => (c.op === Op.LT || c.op === Op.GT) && [c.left, c.right].includes(10n));
    expect(less && [less.left, less.right].sort()).toEqual([10n, 41n]);
    const code = executor.code(0);
    for (const c of comparisons) {
      expect(code[c.pc]).toBe(Op.JUMPI);
      expect(code[c.cmpPc] === c.op || (c.op === Op.EQ && code[c.cmpPc] === SUB)).toBe(true);
    }
    // The same JUMPI goes the other way when v == 42.
    const early = await traceOf(0, call('Branchy', 'branch', [42n]));
    const sameJumpi = early.comparisons.find((c) => c.pc === equality?.pc);
    expect([sameJumpi?.left, sameJumpi?.right]).toEqual([42n, 42n]);
    expect(sameJumpi?.taken).toBe(!equality?.taken);
  });

  it('records SLOAD and SSTORE slots with the storage address, and the value stored', async () => {
    const address = executor.deployments[0].address;
    const stored = await traceOf(0, call('Branchy', 'store', [7n, 99n]));
    expect(stored.sstores.map((s) => [s.slot, s.value, s.address, s.codeId])).toEqual([[7n, 99n, address, 0]]);
    expect(executor.code(0)[stored.sstores[0].pc]).toBe(Op.SSTORE);
    const loaded = await traceOf(0, call('Branchy', 'load', [7n]));
    expect(loaded.sloads.map((s) => s.slot)).toEqual([7n]);
  });

  it("says where a slot comes from: a mapping entry (its key and the mapping's slot), an array element, or neither", async () => {
    const ENTRIES_SLOT = 0n;
    const filed = await traceOf(3, call('Book', 'file', [7n, 99n]));
    const entry = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, ENTRIES_SLOT])));
    const notes = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [entry + 1n])));
    const origins = new Map(filed.sstores.map((s) => [s.slot, [s.origin, s.key, s.base]]));
    expect(origins.get(entry)).toEqual(['entry', 7n, ENTRIES_SLOT]);
    // The array's length is the struct's second member: still the entry, one slot above its hash.
    expect(origins.get(entry + 1n)).toEqual(['entry', 7n, ENTRIES_SLOT]);
    expect(origins.get(notes)?.[0]).toBe('element');
    expect((await traceOf(3, call('Book', 'poke', [entry + (1n << 20n), 1n]))).sstores[0].origin).toBe('plain');
    expect((await traceOf(3, call('Book', 'poke', [5n, 1n]))).sstores[0].origin).toBe('plain');
  });

  it('records the balanceOf(address) calls a frame makes, by STATICCALL or CALL, with the token, the holder, the asker and the answer', async () => {
    const [coin, till] = [executor.deployments[4].address, executor.deployments[5].address];
    const other = executor.deployments[0].address;
    await executor.run({ sender: 0, to: 4, data: call('Coin', 'give', [till, 7n]), value: 0n, blockDelay: 0, timeDelay: 0 });
    await executor.run({ sender: 0, to: 4, data: call('Coin', 'give', [other, 3n]), value: 0n, blockDelay: 0, timeDelay: 0 });
    const result = await executor.run({ sender: 1, to: 5, data: call('Till', 'count', [coin, other]), value: 0n, blockDelay: 1, timeDelay: 1 });
    expect(result.outcome.kind).toBe('success');
    expect(result.trace.balanceReads).toEqual([
      { token: coin, holder: till, reader: till, value: 7n, comparisonsBefore: expect.any(Number) },
      { token: coin, holder: other, reader: till, value: 3n, comparisonsBefore: expect.any(Number) },
    ]);
    // A transaction asking no balance has none (the buffer is per transaction).
    expect((await traceOf(0, call('Branchy', 'branch', [5n]))).balanceReads).toEqual([]);
  });

  it('lists entered blocks: code start, JUMPDESTs and JUMPI fall-throughs', async () => {
    const small = await traceOf(0, call('Branchy', 'branch', [5n]));
    const large = await traceOf(0, call('Branchy', 'branch', [500n]));
    const code = executor.code(0);
    const blocks = small.blocks.get(0) ?? new Set<number>();
    expect(blocks.has(0)).toBe(true);
    for (const pc of blocks) expect(pc === 0 || code[pc] === Op.JUMPDEST || code[pc - 1] === Op.JUMPI).toBe(true);
    expect(small.blocks.get(0)).not.toEqual(large.blocks.get(0));
  });

  it('lists outermost jumps as pc → destination pairs', async () => {
    const { jumps } = await traceOf(0, call('Branchy', 'branch', [5n]));
    const code = executor.code(0);
    expect(jumps.length % 2).toBe(0);
    expect(jumps.length).toBeGreaterThan(0);
    for (let i = 0; i < jumps.length; i += 2) {
      const [pc, destination] = [jumps[i], jumps[i + 1]];
      expect([Op.JUMP, Op.JUMPI]).toContain(code[pc]);
      expect(code[destination] === Op.JUMPDEST || destination === pc + 1).toBe(true);
    }
  });

  it('gives code created at run time new ids and traces its frames', async () => {
    const trace = await traceOf(1, call('Factory', 'make'));
    const ids = [...trace.blocks.keys()];
    expect(ids).toContain(1);
    const created = ids.filter((id) => id >= executor.deployments.length);
    // The Child's init code and its runtime code.
    expect(created.length).toBe(2);
    expect([...trace.edges].some((edge) => created.includes(Math.floor(edge / 2 ** 32)))).toBe(true);
    expect(trace.sstores.some((s) => created.includes(s.codeId) && s.slot === 0n)).toBe(true);
  });

  it('keeps each callee frame with its code, its caller and its caller jumps so far, and its own jumps', async () => {
    const [branchy, , relay] = executor.deployments;
    const viaRelay = (v: bigint) => traceOf(2, call('Relay', 'via', [relay.address, branchy.address, v]));
    const trace = await viaRelay(42n);
    // The outermost Relay calls Relay again, which calls Branchy: depth 1 under the outermost, depth 2 under it.
    expect(trace.calleeFrames.map((f) => [f.parent, f.codeId])).toEqual([
      [-1, relay.codeId],
      [0, branchy.codeId],
    ]);
    /** A kept frame's [pc, destination] pairs, out of the triples of all frames. */
    const jumpsOf = (t: typeof trace, frame: number) => t.calleeJumps.filter((_, i) => t.calleeJumps[i - (i % 3)] === frame && i % 3 !== 0);
    const [inner, innermost] = trace.calleeFrames;
    expect(inner.callerJumps).toBeGreaterThan(0);
    expect(inner.callerJumps).toBeLessThan(trace.jumps.length / 2);
    expect(innermost.callerJumps).toBeGreaterThan(0);
    expect(innermost.callerJumps).toBeLessThan(jumpsOf(trace, 0).length / 2);
    // The innermost frame's jumps are its own path: another branch of Branchy changes them, and nothing else.
    const other = await viaRelay(5n);
    expect(jumpsOf(other, 1)).not.toEqual(jumpsOf(trace, 1));
    expect(jumpsOf(other, 0)).toEqual(jumpsOf(trace, 0));
    expect(other.jumps).toEqual(trace.jumps);
  });

  it('creates at the same address after a reset (nonces are part of the snapshot)', async () => {
    const make = () => executor.run({ sender: 1, to: 1, data: call('Factory', 'make'), value: 0n, blockDelay: 0, timeDelay: 0 });
    const first = (await make()).returnData.slice();
    const second = (await make()).returnData.slice();
    executor.reset();
    expect((await make()).returnData).toEqual(first);
    expect(second).not.toEqual(first);
  });
});

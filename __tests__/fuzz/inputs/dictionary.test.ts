import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileProject } from '../../../src/compile/compile.js';
import type { CompiledProject } from '../../../src/compile/types.js';
import { Dictionary, bounds } from '../../../src/fuzz/inputs/dictionary.js';
import { Rng } from '../../../src/rng.js';

const WORD = 1n << 256n;

/** A vault whose branches hide behind literals of every kind the miner must understand. */
const VAULT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Vault {
    uint256 constant MAGIC = 0x1337c0de;
    address constant KEEPER = 0x00000000000000000000000000000000C0FFee42;
    bytes32 constant TAG = "vault.tag";
    bytes4 constant HEX = hex"cafe0001";
    uint256 public unlocked;

    function open(uint256 code, int256 delta, string calldata word) external payable {
        if (code == MAGIC) unlocked = 1;
        if (code == 31_337) unlocked = 2;
        if (msg.value == 1.5 ether) unlocked = 3;
        if (block.timestamp > 7 days) unlocked = 4;
        if (delta == -42) unlocked = 5;
        if (code == 2**128) unlocked = 6;
        if (code == 25e5) unlocked = 7;
        if (keccak256(bytes(word)) == keccak256("open sesame")) unlocked = 8;
        if (code == 0xdeadbeefcafe) unlocked = 9;
    }
}
`;

describe('Dictionary', () => {
  let project: CompiledProject;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lookout-dictionary-'));
    writeFileSync(path.join(dir, 'Vault.sol'), VAULT);
    project = await compileProject({ root: dir, paths: ['Vault.sol'] });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('mines every kind of literal from the solc AST', () => {
    const dictionary = new Dictionary();
    dictionary.mineAst(project.asts['Vault.sol']);
    for (const value of [0x1337c0den, 31337n, 15n * 10n ** 17n, 7n * 86400n, 2n ** 128n, 2_500_000n, 0xdeadbeefcafen]) {
      expect(dictionary.has(value)).toBe(true);
    }
    expect(dictionary.has(-42n)).toBe(true);
    expect(dictionary.has(0xc0ffee42n)).toBe(true);
    expect(dictionary.has(BigInt(`0x${Buffer.from('vault.tag').toString('hex').padEnd(64, '0')}`))).toBe(true);
    expect(dictionary.has(0xcafe0001n << 224n)).toBe(true);
    expect(dictionary.hasString('open sesame')).toBe(true);
  });

  test('mines PUSH constants from the deployed code, skipping jump targets', () => {
    const dictionary = new Dictionary();
    const vault = project.contracts.find((c) => c.name === 'Vault')!;
    dictionary.mineBytecode(vault.deployed.bytecode);
    expect(dictionary.has(0x1337c0den)).toBe(true);
    expect(dictionary.has(0xdeadbeefcafen)).toBe(true);
    expect(dictionary.has(31337n)).toBe(true);
  });

  test('bytecode mining drops pushes consumed by JUMP/JUMPI and small values', () => {
    // PUSH4 0xdeadbeef POP PUSH1 0x21 JUMP PUSH1 0x05 POP PUSH2 0x0102 POP
    const code = Uint8Array.from([0x63, 0xde, 0xad, 0xbe, 0xef, 0x50, 0x60, 0x21, 0x56, 0x60, 0x05, 0x50, 0x61, 0x01, 0x02, 0x50]);
    const dictionary = new Dictionary();
    dictionary.mineBytecode(code);
    expect(dictionary.has(0xdeadbeefn)).toBe(true);
    expect(dictionary.has(0x21n)).toBe(false);
    expect(dictionary.has(5n)).toBe(false);
    expect(dictionary.has(0x0102n)).toBe(true);
    expect(dictionary.size).toBe(2);
  });

  test('draws derived values: c, c ± 1 and 2^256 − c', () => {
    const c = 0x29decd4ef7cd1ab8d7f14b6b3b1c51a1f69cb54a8f7f3f4c2b3e1f0a9d8c7b6an;
    const dictionary = new Dictionary();
    dictionary.addConstant(c);
    const rng = new Rng(1);
    const seen = new Set<bigint>();
    for (let i = 0; i < 2000; i++) seen.add(dictionary.draw(rng, 256, false));
    for (const v of [c, c + 1n, c - 1n, WORD - c]) expect(seen.has(v)).toBe(true);
  });

  test('small integers and type bounds come without any stored value', () => {
    const dictionary = new Dictionary();
    const rng = new Rng(2);
    const seen = new Set<bigint>();
    for (let i = 0; i < 2000; i++) seen.add(dictionary.draw(rng, 8, true));
    for (const v of [-128n, 127n, -1n, 0n, 16n, -16n]) expect(seen.has(v)).toBe(true);
    expect(bounds(8, false)).toEqual([0n, 255n, 128n]);
  });

  test('a literal of the source is drawn often among many code constants', () => {
    const dictionary = new Dictionary();
    for (let i = 0; i < 200; i++) dictionary.addConstant(0x1000n + BigInt(i) * 7919n);
    dictionary.addLiteral(4242n);
    const rng = new Rng(4);
    const draws = Array.from({ length: 2000 }, () => dictionary.draw(rng, 256, false));
    // Uniform over all 201 entries it would come about 0.2 % of the time.
    expect(draws.filter((v) => v === 4242n).length).toBeGreaterThan(300);
    expect(dictionary.has(4242n)).toBe(true);
  });

  test('powers of two and their neighbours come without any stored value', () => {
    const dictionary = new Dictionary();
    const rng = new Rng(3);
    const seen = new Set<bigint>();
    for (let i = 0; i < 20_000; i++) seen.add(dictionary.draw(rng, 256, false));
    for (const v of [2n ** 64n, 2n ** 96n - 1n, 2n ** 160n + 1n, 2n ** 200n]) expect(seen.has(v)).toBe(true);
    const signed = new Set<bigint>();
    for (let i = 0; i < 5000; i++) signed.add(dictionary.draw(rng, 16, true));
    for (const v of [2n ** 14n, 2n ** 8n - 1n, -(2n ** 10n)]) expect(signed.has(v)).toBe(true);
  });

  test.each([
    [8, false],
    [8, true],
    [64, true],
    [160, false],
    [256, true],
  ])('draws always fit %i bits (signed: %s)', (bits, signed) => {
    const dictionary = new Dictionary();
    for (const v of [0x1337c0den, 2n ** 200n, -42n, 300n, WORD - 1n]) dictionary.addConstant(v);
    const rng = new Rng(`fit-${bits}-${signed}`);
    const b = BigInt(bits);
    const [min, max] = signed ? [-(1n << (b - 1n)), (1n << (b - 1n)) - 1n] : [0n, (1n << b) - 1n];
    for (let i = 0; i < 1000; i++) {
      const v = dictionary.draw(rng, bits, signed);
      expect(v >= min && v <= max).toBe(true);
    }
  });

  test('a negative literal reads back negative for signed types and prefers fitting entries', () => {
    const dictionary = new Dictionary();
    dictionary.addConstant(-42n);
    const rng = new Rng(3);
    const seen = new Set<bigint>();
    for (let i = 0; i < 500; i++) seen.add(dictionary.draw(rng, 16, true));
    expect(seen.has(-42n)).toBe(true);
    expect(seen.has(42n)).toBe(true); // negation
  });

  test('feedback is deduplicated, insertion-ordered and rolled back by truncation', () => {
    const dictionary = new Dictionary();
    dictionary.addConstant(1000n);
    dictionary.addFeedback([500n, 1000n, 500n, 3n]);
    expect(dictionary.size).toBe(2); // 1000 is a constant already, 3 is small
    const mark = dictionary.mark();
    dictionary.addFeedback([777n, 888n]);
    expect(dictionary.has(777n)).toBe(true);
    dictionary.rollback(mark);
    expect(dictionary.has(777n)).toBe(false);
    expect(dictionary.has(888n)).toBe(false);
    expect(dictionary.has(500n)).toBe(true);
    expect(dictionary.has(1000n)).toBe(true);
    dictionary.addFeedback([888n]);
    expect(dictionary.has(888n)).toBe(true);
  });

  test('return data feeds one value per word', () => {
    const dictionary = new Dictionary();
    const data = new Uint8Array(70);
    data[31] = 0x99;
    data[63] = 0x77;
    data[62] = 0x01;
    dictionary.addFeedbackData(data);
    expect(dictionary.has(0x99n)).toBe(true);
    expect(dictionary.has(0x177n)).toBe(true);
    expect(dictionary.size).toBe(2);
  });

  test('sizes are bounded', () => {
    const dictionary = new Dictionary({ constants: 3, feedback: 2, amounts: 2, strings: 1 });
    for (let v = 100n; v < 110n; v++) dictionary.addConstant(v);
    dictionary.addFeedback([200n, 201n, 202n]);
    dictionary.addString('a');
    dictionary.addString('b');
    expect(dictionary.size).toBe(5);
    expect(dictionary.has(102n)).toBe(true);
    expect(dictionary.has(103n)).toBe(false);
    expect(dictionary.hasString('b')).toBe(false);
    // Full feedback drops its older half rather than refusing new values.
    expect(dictionary.has(200n)).toBe(false);
    expect(dictionary.has(202n)).toBe(true);
  });

  test('rollback stays exact when feedback was evicted meanwhile', () => {
    const dictionary = new Dictionary({ constants: 10, feedback: 4, amounts: 2, strings: 1 });
    dictionary.addFeedback([100n, 101n]);
    const mark = dictionary.mark();
    dictionary.addFeedback([102n, 103n, 104n]); // evicts 100 and 101
    expect(dictionary.has(100n)).toBe(false);
    dictionary.rollback(mark);
    expect(dictionary.size).toBe(0);
    dictionary.addFeedback([200n, 201n]);
    const second = dictionary.mark();
    dictionary.addFeedback([202n]);
    dictionary.rollback(second);
    expect([200n, 201n, 202n].map((v) => dictionary.has(v))).toEqual([true, true, false]);
  });

  test('observed amounts are drawn on their own and as their neighbours; the opening ones outlive the pool and rollbacks', () => {
    const dictionary = new Dictionary({ constants: 10, feedback: 4, amounts: 2, strings: 1 });
    const held = 2000n * 10n ** 18n;
    const mark = dictionary.mark();
    dictionary.addAmounts([held], true);
    dictionary.addAmounts([1000n, 2000n, 3000n]); // the pool holds two: 3000 evicts 1000
    dictionary.rollback(mark);
    expect(dictionary.size).toBe(0); // amounts are not stored entries
    const rng = new Rng(3);
    const drawn = new Set(Array.from({ length: 3000 }, () => dictionary.draw(rng, 256, false)));
    expect([held, held + 1n, held - 1n, 2000n, 3000n].filter((v) => !drawn.has(v))).toEqual([]);
    expect([1000n, 999n, 1001n].filter((v) => drawn.has(v))).toEqual([]);
  });

  test('the same seed draws the same values', () => {
    const draws = (seed: number): bigint[] => {
      const dictionary = new Dictionary();
      dictionary.mineAst(project.asts['Vault.sol']);
      const rng = new Rng(seed);
      return Array.from({ length: 50 }, () => dictionary.draw(rng, 256, false));
    };
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
  });
});

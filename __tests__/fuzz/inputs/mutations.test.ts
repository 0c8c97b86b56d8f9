import { parseAbi } from 'viem';
import { callTargets, encodeCall } from '../../../src/abi/encoding.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { MUTATION_WEIGHTS, applyMutation, mutateSequence, type MutationContext, type SequenceMutation } from '../../../src/fuzz/inputs/mutations.js';
import { Rng } from '../../../src/rng.js';
import type { Call, CallTarget, TxSequence } from '../../../src/abi/types.js';
import { generateCall } from '../../../src/fuzz/inputs/values.js';

const targets = callTargets(
  parseAbi(['function bid(uint256 amount, address to) payable', 'function end()', 'function configure((uint8,bytes)[] items)', 'fallback() external']),
);
const [bid, end, configure, fallback] = targets;

function context(seed: number | string, overrides: Partial<MutationContext> = {}): MutationContext {
  return {
    rng: new Rng(seed),
    dictionary: new Dictionary(),
    addresses: ['0x1000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000000'],
    senders: 3,
    maxValue: 10n ** 18n,
    targets: [targets],
    ...overrides,
  };
}

function call(target: CallTarget, args: Call['args'] = [], sender = 0): Call {
  return { sender, to: 0, target, args, value: 0n, blockDelay: 0, timeDelay: 0 };
}

/** Frozen so that any in-place change throws. */
function frozen(seq: TxSequence): TxSequence {
  for (const c of seq) {
    for (const a of c.args) if (Array.isArray(a)) Object.freeze(a);
    Object.freeze(c.args);
    Object.freeze(c);
  }
  return Object.freeze(seq) as TxSequence;
}

const full = (): TxSequence =>
  frozen([call(bid, [5n, '0x1000000000000000000000000000000000000001']), call(end), call(configure, [[[1n, '0xaa']]]), call(end, [], 1)]);
const endsOnly = (): TxSequence => frozen([call(end), call(end)]);
const other = (): TxSequence => frozen([call(end, [], 2), call(end, [], 2), call(end, [], 2)]);
const source = (): MutationContext['prefixSource'] => () => other();

/** For each kind: a context and sequence where it applies, and one where it must not. */
const cases: [SequenceMutation, () => [TxSequence, MutationContext], () => [TxSequence, MutationContext]][] = [
  ['mutate-arg', () => [full(), context(1)], () => [endsOnly(), context(1)]],
  ['change-sender', () => [full(), context(1)], () => [full(), context(1, { senders: 1 })]],
  ['change-value', () => [full(), context(1)], () => [endsOnly(), context(1)]],
  ['change-delay', () => [full(), context(1)], () => [[], context(1)]],
  ['fuzz-call', () => [full(), context(1)], () => [endsOnly(), context(1)]],
  ['insert-call', () => [full(), context(1)], () => [full(), context(1, { maxSequenceLength: 4 })]],
  ['replace-prefix', () => [full(), context(1, { prefixSource: source() })], () => [full(), context(1)]],
  ['drop-call', () => [full(), context(1)], () => [frozen([call(end)]), context(1)]],
  ['duplicate-call', () => [full(), context(1)], () => [full(), context(1, { maxSequenceLength: 4 })]],
  ['splice', () => [full(), context(1, { prefixSource: source() })], () => [full(), context(1, { prefixSource: () => [] })]],
];

describe('applyMutation', () => {
  test.each(cases)('%s applies where documented and returns undefined elsewhere', (kind, applies, refuses) => {
    const [seq, ctx] = applies();
    const results = Array.from({ length: 30 }, () => applyMutation(seq, kind, ctx));
    expect(results.every((r) => r !== undefined)).toBe(true);
    expect(results.some((r) => JSON.stringify(r, bigintJson) !== JSON.stringify(seq, bigintJson))).toBe(true);
    const [seq2, ctx2] = refuses();
    expect(applyMutation(seq2, kind, ctx2)).toBeUndefined();
  });

  test('change-value touches only payable calls; change-sender always picks another sender', () => {
    const seq = full();
    for (let i = 0; i < 100; i++) {
      const ctx = context(i);
      const valued = applyMutation(seq, 'change-value', ctx)!;
      valued.slice(1).forEach((c, j) => expect(c).toBe(seq[j + 1]));
      expect(valued[0].value <= ctx.maxValue).toBe(true);
      const moved = applyMutation(seq, 'change-sender', ctx)!;
      const changed = moved.filter((c, j) => c !== seq[j]);
      expect(changed).toHaveLength(1);
      expect(changed[0].sender).not.toBe(seq[moved.indexOf(changed[0])].sender);
    }
  });

  test('mutate-arg changes the last call (the one under test) at least half the time', () => {
    const seq = frozen([
      call(bid, [5n, '0x1000000000000000000000000000000000000001']),
      call(configure, [[[1n, '0xaa']]]),
      call(bid, [7n, '0x1000000000000000000000000000000000000001']),
    ]);
    const ctx = context('last');
    const changedAt = Array.from({ length: 400 }, () => applyMutation(seq, 'mutate-arg', ctx)!.findIndex((c, j) => c !== seq[j]));
    const share = (i: number) => changedAt.filter((j) => j === i).length / changedAt.length;
    expect(share(2)).toBeGreaterThan(0.55); // 1/2 + 1/2 · 1/3 expected
    expect(share(0)).toBeGreaterThan(0.08);
    expect(share(1)).toBeGreaterThan(0.08);
  });

  test('mutate-arg that resizes one of two parallel arrays often resizes the other with it', () => {
    const [pay] = callTargets(parseAbi(['function pay(address[] to, uint256[] amounts)']));
    const to = '0x1000000000000000000000000000000000000001';
    const seq = frozen([
      call(pay, [
        [to, to],
        [1n, 2n],
      ]),
    ]);
    const ctx = context('parallel', { targets: [[pay]] });
    let resized = 0;
    let together = 0;
    for (let i = 0; i < 600; i++) {
      const [mutant] = applyMutation(seq, 'mutate-arg', ctx)!;
      const [a, b] = mutant.args as unknown[][];
      if (a.length === 2 && b.length === 2) continue;
      resized++;
      if (a.length === b.length) together++;
    }
    expect(resized).toBeGreaterThan(100);
    expect(together / resized).toBeGreaterThan(0.35);
    expect(together / resized).toBeLessThan(0.75);
  });

  test('insert-call grows by one fresh call; drop-call shrinks by one', () => {
    const seq = full();
    const ctx = context('grow');
    expect(applyMutation(seq, 'insert-call', ctx)).toHaveLength(5);
    expect(applyMutation(seq, 'drop-call', ctx)).toHaveLength(3);
    expect(applyMutation([], 'insert-call', ctx)).toHaveLength(1);
    expect(applyMutation([], 'insert-call', context(1, { targets: [[]] }))).toBeUndefined();
  });

  test('insert-call puts a pooled transaction before a call, never after the last one (Harvey Sect. 5); appending stays fresh', () => {
    const pooled = frozen([call(end, [], 2)])[0];
    const positions = new Set<number>();
    let fresh = 0;
    let appended = 0;
    for (let i = 0; i < 200; i++) {
      const seq = full();
      const result = applyMutation(seq, 'insert-call', context(i, { pooledCall: () => pooled }))!;
      expect(result).toHaveLength(5);
      const at = result.indexOf(pooled);
      if (at < 0) {
        fresh++;
        if (result.slice(0, 4).every((c, j) => c === seq[j])) appended++;
        continue;
      }
      positions.add(at);
      expect([...result.slice(0, at), ...result.slice(at + 1)]).toEqual(seq);
    }
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
    // Appending (1 in 5 positions) is always a fresh call, so a pool never slows growth by new calls;
    // half of the insertions before a call are fresh too: 1/5 + 4/5 · 1/2 = 60% fresh.
    expect(appended).toBeGreaterThan(25);
    expect(appended).toBeLessThan(60);
    expect(fresh).toBeGreaterThan(95);
    expect(fresh).toBeLessThan(145);
    // An empty pool, or an empty sequence, leaves insertion as it was.
    expect(applyMutation(full(), 'insert-call', context(1, { pooledCall: () => undefined }))).toHaveLength(5);
    expect(applyMutation([], 'insert-call', context(1, { pooledCall: () => pooled }))![0]).not.toBe(pooled);
  });

  test('replace-prefix keeps a suffix of the sequence behind the other sequence', () => {
    for (let i = 0; i < 50; i++) {
      const seq = full();
      const result = applyMutation(seq, 'replace-prefix', context(i, { prefixSource: source(), maxSequenceLength: 6 }))!;
      expect(result.length).toBeLessThanOrEqual(6);
      const kept = seq.length - result.findIndex((c) => c.sender !== 2 || c.target !== end);
      expect(result.slice(result.length - kept)).toEqual(seq.slice(seq.length - kept));
      expect(result[0]).toEqual(other()[0]);
    }
  });

  test('replace-prefix without room for any other call does not apply', () => {
    const seq = frozen([call(end)]);
    expect(applyMutation(seq, 'replace-prefix', context(3, { prefixSource: source(), maxSequenceLength: 1 }))).toBeUndefined();
    expect(applyMutation(seq, 'replace-prefix', context(3, { prefixSource: source(), maxSequenceLength: 2 }))).toHaveLength(2);
  });

  test('fuzz-call regenerates the inputs of a fallback call as calldata', () => {
    const seq = frozen([call(fallback)]);
    const datas = new Set(Array.from({ length: 20 }, (_, i) => (applyMutation(seq, 'fuzz-call', context(i))![0].target as { data: string }).data));
    expect(datas.size).toBeGreaterThan(3);
  });
});

describe('mutateSequence', () => {
  test('mutants respect the maximum length, stay encodable and never change the input', () => {
    let seq: TxSequence = [];
    const ctx = context('havoc', { prefixSource: source(), maxSequenceLength: 5 });
    for (let i = 0; i < 500; i++) {
      const input = frozen(seq.slice());
      const mutant = mutateSequence(input, ctx);
      expect(mutant).toBeDefined();
      expect(mutant!.length).toBeLessThanOrEqual(5);
      for (const c of mutant!) expect(() => encodeCall(c)).not.toThrow();
      seq = mutant!.length > 0 ? mutant! : seq;
    }
  });

  test('nothing applicable yields undefined', () => {
    expect(mutateSequence([], context(1, { targets: [[]] }))).toBeUndefined();
  });

  test('weights can switch mutation kinds off', () => {
    const onlySender = Object.fromEntries(Object.keys(MUTATION_WEIGHTS).map((k) => [k, k === 'change-sender' ? 1 : 0])) as typeof MUTATION_WEIGHTS;
    const seq = full();
    const mutant = mutateSequence(seq, context(2, { weights: onlySender }))!;
    expect(mutant.map((c) => c.args)).toEqual(seq.map((c) => c.args));
  });

  test('the same seed produces the same mutants', () => {
    const run = (seed: number): string => {
      const ctx = context(seed, { prefixSource: source() });
      const seq = frozen(Array.from({ length: 3 }, () => generateCall(ctx.targets, ctx)));
      return JSON.stringify(
        Array.from({ length: 30 }, () => mutateSequence(seq, ctx)),
        bigintJson,
      );
    };
    expect(run(9)).toBe(run(9));
    expect(run(9)).not.toBe(run(10));
  });
});

function bigintJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value;
}

import { bytesToBigInt, encodeAbiParameters, hexToBigInt, keccak256, type AbiFunction } from 'viem';
import { type Cost, type CostVector, costVectorOf } from '../../../src/fuzz/harvey/costs.js';
import { functionTarget } from '../../../src/abi/encoding.js';
import {
  DEFAULT_MAX_STEPS,
  diffSingleNumeric,
  evaluatePrediction,
  pickPrediction,
  predict,
  PredictionStats,
  readNumeric,
  secantCandidates,
  withNumeric,
  type Prediction,
} from '../../../src/fuzz/harvey/prediction.js';
import { Rng } from '../../../src/rng.js';
import type { Call, TxSequence } from '../../../src/abi/types.js';
import { deploy, runWithCosts, type Deployed } from '../harveyHarness.js';

const FN: AbiFunction = {
  type: 'function',
  name: 'f',
  stateMutability: 'payable',
  outputs: [],
  inputs: [
    { name: 'n', type: 'uint256' },
    { name: 'flag', type: 'bool' },
    {
      name: 'orders',
      type: 'tuple[]',
      components: [
        { name: 'who', type: 'address' },
        { name: 'amounts', type: 'int16[2]' },
        { name: 'tag', type: 'bytes4' },
      ],
    },
  ],
};

function call(overrides: Partial<Call> = {}): Call {
  return {
    sender: 0,
    to: 0,
    target: functionTarget(FN),
    value: 5n,
    blockDelay: 0,
    timeDelay: 0,
    args: [7n, false, [['0x0000000000000000000000000000000000000001', [1n, -2n], '0x01020304']]],
    ...overrides,
  };
}

describe('diffSingleNumeric and withNumeric', () => {
  const base: TxSequence = [call(), call()];

  test.each([
    ['a top-level uint', [1, [0]], 99n, 'integer'],
    ['an int16 nested in a tuple array', [1, [2, 0, 1, 1]], -300n, 'integer'],
    ['an address in a tuple', [0, [2, 0, 0]], 0x20000n, 'address'],
    ['a bytes4 in a tuple', [0, [2, 0, 2]], 0xdeadbeefn, 'fixedBytes'],
  ] as const)('locates %s and writes it back copy-on-write', (_name, [index, path], value, encoding) => {
    const site = { kind: 'arg' as const, call: index, path, domain: { bits: 0, signed: false, encoding } };
    const mutant = withNumeric(base, site, value);
    const found = diffSingleNumeric(base, mutant);
    expect(found).toMatchObject({ kind: 'arg', call: index, path, domain: { encoding } });
    expect(readNumeric(mutant, found!)).toBe(value);
    expect(readNumeric(base, found!)).not.toBe(value);
    expect(base).toEqual([call(), call()]);
    expect(mutant[1 - index]).toBe(base[1 - index]);
  });

  test('msg.value is a numeric site too', () => {
    const site = diffSingleNumeric(base, [base[0], call({ value: 6n })]);
    expect(site).toEqual({ kind: 'value', call: 1, domain: { bits: 256, signed: false, encoding: 'integer' } });
    expect(withNumeric(base, site!, 9n)[1].value).toBe(9n);
  });

  test.each([
    ['nothing changed', () => [call(), call()]],
    ['two numbers changed', () => [call({ value: 1n }), call({ args: [8n, false, call().args[2]] })]],
    ['a bool changed', () => [call(), call({ args: [7n, true, call().args[2]] })]],
    ['an array length changed', () => [call(), call({ args: [7n, false, []] })]],
    ['the sender changed', () => [call({ sender: 1 }), call()]],
    ['a call was added', () => [call(), call(), call()]],
  ])('undefined when %s', (_name, other) => {
    expect(diffSingleNumeric(base, other())).toBeUndefined();
  });
});

const U256 = { bits: 256, signed: false, encoding: 'integer' } as const;

describe('secant step', () => {
  test("Harvey's example: (−1, 43) and (7, 35) give 42", () => {
    // Residual of a == 42 is a − 42: the paper's costs 43 and 35 with their sign.
    expect(secantCandidates({ x: -1n, residual: -43n }, { x: 7n, residual: -35n }, { ...U256, signed: true })).toEqual([42n]);
  });

  test('a fractional root is rounded past the root, so an inequality flips', () => {
    // residual 5 − 2x: zero at 2.5; from x = 1 the step goes up, to 3 (residual −1 ≤ 0).
    expect(secantCandidates({ x: 0n, residual: 5n }, { x: 1n, residual: 3n }, U256)).toEqual([3n]);
    expect(secantCandidates({ x: 5n, residual: -5n }, { x: 4n, residual: -3n }, U256)).toEqual([2n]);
  });

  test('an out-of-range root is offered wrapped, then clamped', () => {
    const u8 = { bits: 8, signed: false, encoding: 'integer' } as const;
    expect(secantCandidates({ x: 0n, residual: -300n }, { x: 1n, residual: -299n }, u8)).toEqual([44n, 255n]);
    expect(secantCandidates({ x: 10n, residual: 20n }, { x: 11n, residual: 21n }, U256)).toEqual([(1n << 256n) - 10n, 0n]);
  });
});

function branch(id: string, value: bigint, residual: bigint, pc = 1): Cost {
  return { kind: 'branch', id, tx: 0, codeId: 0, pc, toward: true, value, residual };
}
const vector = (...costs: Cost[]): CostVector => costVectorOf(costs);
const SITE = { kind: 'arg' as const, call: 0, path: [0], domain: U256 };

describe('predict', () => {
  test('uses only metrics present in both, non-zero in both and changed (Harvey Tab. 1)', () => {
    const before = vector(branch('same', 5n, 5n), branch('zeroed', 3n, 3n), branch('moved', 10n, -10n), branch('old-only', 1n, 1n));
    const after = vector(branch('same', 5n, 5n), branch('zeroed', 0n, -1n), branch('moved', 8n, -8n), branch('new-only', 4n, 4n));
    const candidates = predict(SITE, 0n, before, 1n, after);
    expect(candidates.map((c) => [c.metric, c.value, c.step])).toEqual([['moved', 5n, 0]]);
  });

  test('ranks the preferred metrics first and picks among them', () => {
    const before = vector(branch('a', 10n, -10n, 1), branch('b', 10n, -10n, 2), branch('c', 20n, -20n, 3));
    const after = vector(branch('a', 9n, -9n, 1), branch('b', 8n, -8n, 2), branch('c', 19n, -19n, 3));
    const candidates = predict(SITE, 0n, before, 1n, after, (cost) => cost.pc === 3);
    expect(candidates.map((c) => [c.metric, c.preferred])).toEqual([
      ['c', true],
      ['a', false],
      ['b', false],
    ]);
    const rng = new Rng(1);
    for (let i = 0; i < 20; i++) expect(pickPrediction(candidates, rng)?.metric).toBe('c');
    expect(pickPrediction([], rng)).toBeUndefined();
  });

  test('ranks uncovered branch directions first within a tier, and picks among them', () => {
    const before = vector(branch('a', 10n, -10n, 1), branch('b', 10n, -10n, 2), branch('c', 20n, -20n, 3), branch('d', 30n, -30n, 4));
    const after = vector(branch('a', 9n, -9n, 1), branch('b', 8n, -8n, 2), branch('c', 19n, -19n, 3), branch('d', 29n, -29n, 4));
    const uncovered = (cost: Cost) => cost.pc === 2 || cost.pc === 4;
    const candidates = predict(SITE, 0n, before, 1n, after, undefined, uncovered);
    expect(candidates.map((c) => [c.metric, c.uncovered])).toEqual([
      ['b', true],
      ['d', true],
      ['a', false],
      ['c', false],
    ]);
    const rng = new Rng(2);
    const picked = new Set(Array.from({ length: 40 }, () => pickPrediction(candidates, rng)?.metric));
    expect(picked).toEqual(new Set(['b', 'd']));
    // The schedule's preference comes first; uncovered ranks within it.
    const preferred = predict(SITE, 0n, before, 1n, after, (cost) => cost.pc === 3 || cost.pc === 4, uncovered);
    expect(preferred.map((c) => c.metric)).toEqual(['d', 'c', 'b', 'a']);
  });

  test('evaluation: hit, unreached, miss with the next step through the latest two points', () => {
    const [p] = predict(SITE, 0n, vector(branch('m', 10n, -10n)), 1n, vector(branch('m', 9n, -9n)));
    expect(p.value).toBe(10n);
    expect(evaluatePrediction(p, vector(branch('m', 0n, 0n)))).toEqual({ kind: 'hit' });
    expect(evaluatePrediction(p, vector())).toEqual({ kind: 'unreached' });
    const miss = evaluatePrediction(p, vector(branch('m', 4n, -4n)));
    expect(miss.kind).toBe('miss');
    const next = (miss as { next: Prediction }).next;
    // Through (1, −9) and (10, −4): slope 5/9, root 10 + 4·9/5 = 17.2, rounded past it.
    expect([next.value, next.step, next.points.length]).toEqual([18n, 1, 3]);
    expect(evaluatePrediction(p, vector(branch('m', 4n, -4n)), 1)).toEqual({ kind: 'miss' });
  });

  test('iteration gives up after two steps in a row without progress', () => {
    let p = predict(SITE, 0n, vector(branch('m', 10n, -10n)), 1n, vector(branch('m', 9n, -9n)))[0];
    const worse = [-50n, 60n];
    for (const residual of worse) {
      const outcome = evaluatePrediction(p, vector(branch('m', 1n, residual)));
      if (residual === worse[0]) p = (outcome as { next: Prediction }).next;
      else expect(outcome).toEqual({ kind: 'miss' });
    }
  });

  test('stats: the one-shot rate counts step-0 predictions only', () => {
    const stats = new PredictionStats();
    const p = predict(SITE, 0n, vector(branch('m', 10n, -10n)), 1n, vector(branch('m', 9n, -9n)))[0];
    stats.record(p, { kind: 'hit' });
    stats.record(p, { kind: 'miss' });
    stats.record({ ...p, step: 1 }, { kind: 'hit' });
    stats.record(p, { kind: 'unreached' });
    expect([stats.oneShot, stats.oneShotHits, stats.iterated, stats.iteratedHits, stats.unreached]).toEqual([3, 1, 1, 1, 1]);
    expect(stats.oneShotSuccessRate).toBeCloseTo(1 / 3);
  });
});

// On real contracts: the EVM computes the costs, the predicted input runs on the EVM.
describe('prediction on compiled contracts', () => {
  /** Path of Fig1PathsSafe.baz: its return value (1–5). */
  async function pathOf(target: Deployed, seq: TxSequence): Promise<{ path: bigint; costs: CostVector }> {
    const run = await runWithCosts(target.executor, seq);
    return { path: bytesToBigInt(run.results[0].returnData), costs: run.costs };
  }

  test('replays Harvey Tab. 1: every prediction flips its branch in one shot, five paths in eight tests', async () => {
    const target = await deploy('Fig1PathsSafe');
    const baz = (a: bigint, b: bigint, c: bigint) => [target.call('baz', [a, b, c])];
    const stats = new PredictionStats();
    const paths = new Set<bigint>();

    /** Predicts from a pair differing in one argument and runs the prediction the paper chose. */
    const predictFrom = async (from: TxSequence, mutant: TxSequence, paperChoice: bigint): Promise<TxSequence> => {
      const site = diffSingleNumeric(from, mutant)!;
      const a = await pathOf(target, from);
      const b = await pathOf(target, mutant);
      [a.path, b.path].forEach((p) => paths.add(p));
      const candidates = predict(site, readNumeric(from, site), a.costs, readNumeric(mutant, site), b.costs);
      const prediction = candidates.find((c) => c.value === paperChoice)!;
      expect(prediction).toBeDefined();
      const predicted = withNumeric(mutant, site, prediction.value);
      const run = await pathOf(target, predicted);
      paths.add(run.path);
      stats.record(prediction, evaluatePrediction(prediction, run.costs));
      return predicted;
    };

    // Tests #1/#2 offer C4 (b = 6) and C7 (b = 3); the paper takes C7, then C4, C13, C19.
    const t3 = await predictFrom(baz(-1n, 0n, -5n), baz(-1n, -3n, -5n), 3n);
    const t4 = await predictFrom(baz(-1n, 0n, -5n), t3, 6n);
    const t6 = await predictFrom(t3, baz(7n, 3n, -5n), 42n);
    await predictFrom(t4, baz(-1n, 6n, 0n), 42n);
    expect(t6[0].args).toEqual([42n, 3n, -5n]);

    expect([...paths].sort()).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect([stats.oneShot, stats.oneShotHits]).toEqual([4, 4]);
  });

  test('the predicted a == 42 reaches the assertion of Fig1Paths', async () => {
    const target = await deploy('Fig1Paths');
    const from = [target.call('baz', [-1n, 3n, -5n])];
    const mutant = [target.call('baz', [7n, 3n, -5n])];
    const site = diffSingleNumeric(from, mutant)!;
    const [prediction] = predict(site, -1n, (await runWithCosts(target.executor, from)).costs, 7n, (await runWithCosts(target.executor, mutant)).costs);
    const run = await runWithCosts(target.executor, withNumeric(mutant, site, prediction.value));
    expect(run.results[0].outcome.kind).toBe('revert');
    expect(evaluatePrediction(prediction, run.costs)).toEqual({ kind: 'hit' });
  });

  test('iterated secant steps solve x * x + 3 * x == 1634463610 (root 40427, no code constant)', async () => {
    const target = await deploy('Quadratic');
    const seq = (x: bigint) => [target.call('solve', [x])];
    const from = seq(5n);
    const mutant = seq(1000n);
    const site = diffSingleNumeric(from, mutant)!;
    const before = (await runWithCosts(target.executor, from)).costs;
    const candidates = predict(site, 5n, before, 1000n, (await runWithCosts(target.executor, mutant)).costs);
    // The equality's metric: its residual at x = 5 is 5² + 15 − 1634463610 (the overflow checks of
    // x * x and 3 * x move too, and are candidates of their own).
    const equality = [...before.values()].find((c) => c.residual === 40n - 1634463610n)!;
    let prediction: Prediction | undefined = candidates.find((c) => c.metric === equality.id);
    let steps = 0;
    let outcome;
    while (prediction !== undefined) {
      steps++;
      const run = await runWithCosts(target.executor, withNumeric(mutant, site, prediction.value));
      outcome = evaluatePrediction(prediction, run.costs);
      if (outcome.kind === 'hit') {
        expect(prediction.value).toBe(40427n);
        expect(run.results[0].outcome.kind).toBe('revert');
        break;
      }
      prediction = outcome.kind === 'miss' ? outcome.next : undefined;
    }
    expect(outcome?.kind).toBe('hit');
    expect(steps).toBeGreaterThan(1);
    expect(steps).toBeLessThanOrEqual(DEFAULT_MAX_STEPS);
  });

  test('C_st predicts the array index that writes the probe slot of BonusCodeWallet in one shot', async () => {
    const target = await deploy('BonusCodeWallet');
    const probe = new Rng('probe').bits(256);
    const seq = (i: bigint) => [target.call('PopCode'), target.call('SetCodeAt', [i, 7n])];
    const from = seq(3n);
    const mutant = seq(1000n);
    const site = diffSingleNumeric(from, mutant)!;
    const a = await runWithCosts(target.executor, from, [probe]);
    const b = await runWithCosts(target.executor, mutant, [probe]);
    const stores = predict(site, 3n, a.costs, 1000n, b.costs).filter((p) => p.metric.includes('=st'));
    expect(stores).toHaveLength(1);
    const base = hexToBigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [1n])));
    expect(stores[0].value).toBe((probe - base + (1n << 256n)) % (1n << 256n));
    const run = await runWithCosts(target.executor, withNumeric(mutant, site, stores[0].value), [probe]);
    expect(evaluatePrediction(stores[0], run.costs)).toEqual({ kind: 'hit' });
  });
});

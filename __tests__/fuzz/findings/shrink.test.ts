import { parseAbiItem, toFunctionSelector, type AbiFunction } from 'viem';
import { retainCalls, shrinkSequence, withoutCalls, type FailurePredicate } from '../../../src/fuzz/findings/shrink.js';
import type { AbiValue, Call, TxSequence } from '../../../src/abi/types.js';

function fn(signature: string): AbiFunction {
  return parseAbiItem(`function ${signature}`) as AbiFunction;
}

const set = fn('set(uint256 x)');
const poke = fn('poke()');
const end = fn('end()');
const complex = fn('complex(uint256[] xs, (uint8 a, bytes b, string s, bool flag) t, int256 n, bytes4 tag, address who)');

function call(abi: AbiFunction, args: AbiValue[] = [], fields: Partial<Call> = {}): Call {
  const signature = `${abi.name}(${abi.inputs.map((input) => input.type).join(',')})`;
  return {
    sender: 0,
    to: 0,
    target: { kind: 'function', fn: abi, selector: toFunctionSelector(abi), signature },
    args,
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
    ...fields,
  };
}

const name = (c: Call) => (c.target.kind === 'function' ? c.target.fn.name : c.target.kind);

/** Wraps a predicate to count its calls and check that it is always given a non-empty sequence. */
function counted(predicate: (s: TxSequence) => boolean): FailurePredicate & { calls: number } {
  const wrapped = async (s: TxSequence) => {
    wrapped.calls++;
    expect(s.length).toBeGreaterThan(0);
    return predicate(s);
  };
  wrapped.calls = 0;
  return wrapped;
}

/** Fails iff some set(x) with x >= 100 is followed by any later call. */
const bigSetThenAnything = (s: TxSequence) => s.some((c, i) => name(c) === 'set' && (c.args[0] as bigint) >= 100n && i < s.length - 1);

/** Fails iff end() is called once at least a day has passed since the sequence started. */
const endAfterADay = (s: TxSequence) => {
  let time = 0;
  return s.some((c) => {
    time += c.timeDelay;
    return name(c) === 'end' && time >= 86_400;
  });
};

/** No single call can be removed (1-minimality). */
function oneMinimal(s: TxSequence, predicate: (s: TxSequence) => boolean): boolean {
  return s.every((_, i) => !predicate(withoutCalls(s, i, 1)));
}

describe('shrinkSequence', () => {
  const noisy: TxSequence = [
    call(set, [5n], { sender: 2, value: 7n }),
    call(set, [700n], { sender: 1, value: 3n, blockDelay: 4, timeDelay: 60 }),
    call(poke, [], { sender: 2 }),
    call(set, [3n]),
    call(poke, [], { value: 9n, timeDelay: 5 }),
    call(set, [1000n], { sender: 1 }),
  ];

  it('drops needless calls and moves arguments to the failure threshold', async () => {
    const predicate = counted(bigSetThenAnything);
    const result = await shrinkSequence(noisy, predicate, { maxAttempts: 1000 });

    expect(bigSetThenAnything(result.sequence)).toBe(true);
    expect(result.minimal).toBe(true);
    expect(result.attempts).toBe(predicate.calls);
    expect(result.sequence).toHaveLength(2);
    expect(oneMinimal(result.sequence, bigSetThenAnything)).toBe(true);
    const [first, second] = result.sequence as [Call, Call];
    expect(first).toMatchObject({ args: [100n], sender: 0, value: 0n, blockDelay: 0, timeDelay: 0 });
    expect(second).toMatchObject({ sender: 0, value: 0n, blockDelay: 0, timeDelay: 0 });
  });

  it('never mutates its input', async () => {
    const snapshot = structuredClone(noisy);
    await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000 });
    expect(noisy).toEqual(snapshot);
  });

  it('is deterministic', async () => {
    const a = await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000 });
    const b = await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000 });
    expect(b).toEqual(a);
  });

  it('keeps time-dependent failures reproducible by moving delays forward', async () => {
    const sequence = [
      call(set, [1n], { timeDelay: 50_000, blockDelay: 3 }),
      call(poke, [], { timeDelay: 40_000, blockDelay: 2 }),
      call(end, [], { timeDelay: 10 }),
      call(poke, [], { timeDelay: 99 }),
    ];
    const result = await shrinkSequence(sequence, counted(endAfterADay), { maxAttempts: 1000 });
    expect(result.sequence).toHaveLength(1);
    expect(result.sequence[0]).toMatchObject({ timeDelay: 86_400, blockDelay: 0 });
    expect(name(result.sequence[0]!)).toBe('end');
  });

  it('respects the attempt budget and returns a sequence that still fails', async () => {
    for (const maxAttempts of [0, 1, 5, 20]) {
      const predicate = counted(bigSetThenAnything);
      const result = await shrinkSequence(noisy, predicate, { maxAttempts });
      expect(predicate.calls).toBeLessThanOrEqual(maxAttempts);
      expect(result.attempts).toBe(predicate.calls);
      expect(result.minimal).toBe(false);
      expect(bigSetThenAnything(result.sequence)).toBe(true);
    }
  });

  it('stops at an injected deadline', async () => {
    let ticks = 0;
    const now = () => ticks++;
    const result = await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000, deadline: { at: 10, now } });
    expect(result.attempts).toBe(10);
    expect(result.minimal).toBe(false);
  });

  it('makes its guaranteed attempts past the deadline, then stops (what ran before it may have spent the time)', async () => {
    const past = { at: 0, now: () => 1 };
    const result = await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000, deadline: past, guaranteed: noisy.length });
    expect(result.attempts).toBe(noisy.length);
    // Dropping calls comes first: the guaranteed attempts already made the sequence shorter.
    expect(result.sequence.length).toBeLessThan(noisy.length);
    expect(bigSetThenAnything(result.sequence)).toBe(true);
    const none = await shrinkSequence(noisy, counted(bigSetThenAnything), { maxAttempts: 1000, deadline: past });
    expect(none.attempts).toBe(0);
  });

  it('removes chunks of a long sequence before single calls', async () => {
    const long = Array.from({ length: 64 }, (_, i) => call(set, [i === 40 ? 500n : BigInt(i % 7)]));
    const predicate = counted(bigSetThenAnything);
    const result = await shrinkSequence(long, predicate, { maxAttempts: 10_000 });
    expect(result.sequence.map((c) => c.args[0])).toEqual([100n, 0n]);
    expect(result.minimal).toBe(true);
    // One call at a time would take at least 64 attempts just to reach the culprit.
    expect(result.attempts).toBeLessThan(64);
  });

  it('simplifies nested arguments by type', async () => {
    const fails = (s: TxSequence) =>
      s.some((c) => {
        const [xs, , n] = c.args as [bigint[], AbiValue[], bigint];
        return xs.some((x) => x >= 10n) && n <= -5n;
      });
    const who = '0x00000000000000000000000000000000deadbeef';
    const sequence = [call(complex, [[1n, 2n, 300n, 40n], [200n, '0xdeadbeef', 'hello, wörld', true], -123456n, '0xcafebabe', who])];
    const result = await shrinkSequence(sequence, counted(fails), { maxAttempts: 5000 });
    expect(result.minimal).toBe(true);
    expect(result.sequence[0]!.args).toEqual([[10n], [0n, '0x', '', false], -5n, '0x00000000', who]);
  });

  it('shortens strings and bytes to the shortest failing prefix', async () => {
    const greet = fn('greet(string s, bytes b)');
    const fails = (s: TxSequence) => s.some((c) => (c.args[0] as string).startsWith('hé') && (c.args[1] as string).startsWith('0xab12'));
    const result = await shrinkSequence([call(greet, ['héllo', '0xab12cd34'])], counted(fails), { maxAttempts: 1000 });
    expect(result.sequence[0]!.args).toEqual(['hé', '0xab12']);
  });

  it('drops single array elements when emptying fails', async () => {
    const take = fn('take(uint8[] xs)');
    const fails = (s: TxSequence) => s.some((c) => (c.args[0] as bigint[]).filter((x) => x > 0n).length >= 2);
    const result = await shrinkSequence([call(take, [[0n, 9n, 0n, 0n, 7n, 3n]])], counted(fails), { maxAttempts: 1000 });
    expect(result.sequence[0]!.args).toEqual([[1n, 1n]]);
  });

  it('shortens raw fallback calldata', async () => {
    const fallback: Call = { ...call(poke), target: { kind: 'fallback', data: '0xab00ff11' } };
    const fails = (s: TxSequence) => s.some((c) => c.target.kind === 'fallback' && c.target.data.startsWith('0xab'));
    const result = await shrinkSequence([fallback], counted(fails), { maxAttempts: 100 });
    expect(result.sequence[0]!.target).toEqual({ kind: 'fallback', data: '0xab' });
  });

  it('brings seeds that only matter modulo a few (a handler picking actors[seed % 3]) down to small values, within a small budget', async () => {
    const deposit = fn('deposit(uint256 actorSeed, uint256 amount)');
    const exit = fn('exit(uint256 actorSeed)');
    // The exit must come from the actor who deposited; amounts are bounded into range, so any will do.
    const sameActor = (s: TxSequence) =>
      s.some((d, i) => name(d) === 'deposit' && s.slice(i + 1).some((e) => name(e) === 'exit' && (e.args[0] as bigint) % 3n === (d.args[0] as bigint) % 3n));
    const found = [
      call(deposit, [41_533_225_344_878_239_133n, 7n ** 60n]),
      call(poke),
      call(exit, [23_365_387_297_105_905_376_128_837_669_650_075_584_320_082_199_466_998_731_062_399_575_666_638_168_220n]),
    ];
    const predicate = counted(sameActor);
    const result = await shrinkSequence(found, predicate, { maxAttempts: 2000 });

    expect(result.minimal).toBe(true);
    expect(result.sequence.map(name)).toEqual(['deposit', 'exit']);
    const [first, second] = result.sequence as [Call, Call];
    expect(first.args).toEqual([expect.any(BigInt), 0n]);
    for (const seed of [first.args[0], second.args[0]] as bigint[]) expect(seed).toBeLessThan(3n);
    expect(result.attempts).toBeLessThan(100);
  });

  it('ends soon on amounts a handler bounds into a range (bound(x, lo, hi)): after one bisection each, a value moves only by small steps or halves', async () => {
    const deposit = fn('deposit(uint256 amount, uint256 fee)');
    // forge-std's bound for a large x: lo + (x - lo) % (hi - lo + 1); the bug needs the bounded amount above 900 and the fee odd.
    const bounded = (x: bigint) => 1n + ((x - 1n) % 1000n);
    const overpays = (s: TxSequence) => s.some((c) => name(c) === 'deposit' && bounded(c.args[0] as bigint) > 900n && bounded(c.args[1] as bigint) % 2n === 1n);
    const found = [call(deposit, [10n ** 60n + 950n, 3n ** 150n]), call(poke)];
    expect(overpays(found)).toBe(true);
    const predicate = counted(overpays);
    const result = await shrinkSequence(found, predicate, { maxAttempts: 2000 });

    expect(result.minimal).toBe(true);
    expect(overpays(result.sequence)).toBe(true);
    expect(result.sequence.map(name)).toEqual(['deposit']);
    // Bisecting each value again after its neighbour moved wandered until the 2,000 attempts ran out.
    expect(result.attempts).toBeLessThan(1000);
  });
});

describe('withoutCalls', () => {
  it('moves the removed delays onto the next kept call', () => {
    const s = [
      call(set, [1n], { blockDelay: 1, timeDelay: 10 }),
      call(poke, [], { blockDelay: 2, timeDelay: 20 }),
      call(end, [], { blockDelay: 4, timeDelay: 40 }),
    ];
    const kept = withoutCalls(s, 0, 2);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ blockDelay: 7, timeDelay: 70 });
    expect(withoutCalls(s, 2, 1).map(name)).toEqual(['set', 'poke']);
    expect(s[2]).toMatchObject({ blockDelay: 4, timeDelay: 40 });
  });
});

describe('retainCalls', () => {
  it('keeps the accepted calls and carries the dropped delays to the next kept one', () => {
    const s = [
      call(set, [1n], { blockDelay: 1, timeDelay: 10 }),
      call(poke, [], { blockDelay: 2, timeDelay: 20 }),
      call(end, [], { blockDelay: 4, timeDelay: 40 }),
      call(poke, [], { blockDelay: 8, timeDelay: 80 }),
    ];
    const kept = retainCalls(s, (i) => i === 0 || i === 2);
    expect(kept.map(name)).toEqual(['set', 'end']);
    expect(kept[0]).toBe(s[0]); // unchanged calls are shared, not copied
    expect(kept[1]).toMatchObject({ blockDelay: 6, timeDelay: 60 });
    expect(retainCalls(s, () => false)).toEqual([]);
  });
});

/**
 * Issue 29, "no finding masks another": the bookkeeping of alternates (later inputs that failed as a
 * reported finding did) and the judge that reports the finding of the other origin beside one.
 */
import { parseAbiItem, toFunctionSelector, type AbiFunction } from 'viem';
import { ALTERNATES_PER_FAILURE, Alternates, callShape } from '../../../src/fuzz/campaign/alternates.js';
import { judgeOnBase, type BaseJudgement } from '../../../src/fuzz/findings/besidePreExisting.js';
import type { CampaignFinding, ConfirmedFinding } from '../../../src/fuzz/findings/replay.js';
import type { Failure } from '../../../src/oracles/index.js';
import type { Call, TxSequence } from '../../../src/abi/types.js';

function call(signature: string, fields: Partial<Call> = {}): Call {
  const fn = parseAbiItem(`function ${signature}`) as AbiFunction;
  return {
    sender: 0,
    to: 0,
    target: { kind: 'function', fn, selector: toFunctionSelector(fn), signature: `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})` },
    args: fn.inputs.map(() => 0n),
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
    ...fields,
  };
}

const stake = call('addStake(uint256 tier, uint256 amount)');
const claim = call('claim(uint256 tier, uint256 amount)');
const deposit = call('deposit()');

const panic = (pc: number): Failure => ({ kind: 'panic', panicCode: 0x32, codeId: 0, pc, message: 'Panic 0x32', evidence: { kind: 'panic', code: 0x32 } });

function found(sequence: TxSequence, failure = panic(538), execution = 1): CampaignFinding {
  return { failure, sequence, foundMs: 0, execution };
}

const names = (sequence: TxSequence) => sequence.map((c) => (c.target.kind === 'function' ? c.target.fn.name : c.target.kind)).join('/');

describe('callShape', () => {
  it('is the set of functions of the calls that changed state and of the failing last call', () => {
    expect(callShape([deposit, claim, deposit], () => true)).toBe(callShape([deposit, claim]));
    expect(callShape([claim, deposit, stake])).toBe(callShape([stake, deposit, claim]));
    // A call that changed nothing did not set the failure up.
    expect(callShape([deposit, claim], () => false)).toBe(callShape([claim]));
    expect(callShape([deposit, claim], () => false)).not.toBe(callShape([deposit, claim]));
    // The failing call counts even when it changed nothing (a panic reverts).
    expect(callShape([claim], () => false)).toBe(callShape([claim]));
  });

  it('tells the same function on another deployment apart', () => {
    expect(callShape([{ ...claim, to: 1 }])).not.toBe(callShape([claim]));
  });
});

describe('Alternates', () => {
  it('keeps inputs of shapes not seen for their failure, the reported one included, first come first kept', () => {
    const alternates = new Alternates();
    const reported = found([stake]);
    alternates.reported(reported, callShape(reported.sequence));
    expect(alternates.offer(found([stake, stake], panic(538), 2), callShape([stake, stake]))).toBe(false);
    expect(alternates.offer(found([claim], panic(538), 3), callShape([claim]))).toBe(true);
    expect(alternates.offer(found([claim, claim], panic(538), 4), callShape([claim, claim]))).toBe(false);
    expect(alternates.offer(found([deposit, claim], panic(538), 5), callShape([deposit, claim]))).toBe(true);
    // Another failure keeps its own, and the list is by failure, then in the order kept.
    expect(alternates.offer(found([claim], panic(600), 6), callShape([claim]))).toBe(true);
    expect(alternates.list().map((a) => a.execution)).toEqual([3, 5, 6]);
  });

  it(`keeps at most ${ALTERNATES_PER_FAILURE} per failure`, () => {
    const alternates = new Alternates();
    const offered = Array.from({ length: ALTERNATES_PER_FAILURE + 2 }, (_, i) => found([{ ...claim, to: i }], panic(538), i));
    const kept = offered.map((a) => alternates.offer(a, callShape(a.sequence)));
    expect(kept).toEqual(offered.map((_, i) => i < ALTERNATES_PER_FAILURE));
    expect(alternates.wants('panic@0:538#0x32')).toBe(false);
    expect(alternates.wants('panic@0:600#0x32')).toBe(true);
  });
});

describe('judgeOnBase', () => {
  const confirmed = (finding: CampaignFinding): ConfirmedFinding => ({
    ...finding,
    failingResult: undefined as never,
    minimal: true,
    enteredTargets: [],
  });
  /** The base fails wherever `addStake` is called (the pre-existing way); `confirm` drops the first call while `keeps` lets it. */
  function judgement(log: string[] = []): BaseJudgement {
    return {
      onBase: async (sequence) => {
        log.push(`base ${names(sequence)}`);
        return sequence.some((c) => c === stake);
      },
      confirm: async (alternate, keeps) => {
        const shorter = alternate.sequence.slice(1);
        const sequence = shorter.length > 0 && (await keeps(shorter)) ? shorter : alternate.sequence;
        return confirmed({ ...alternate, sequence });
      },
    };
  }

  it('reports the first alternate that fails only on head beside a pre-existing finding, shrunk while it does', async () => {
    const log: string[] = [];
    const alternates = [found([stake, claim], panic(538), 2), found([deposit, claim], panic(538), 3), found([claim, deposit, claim], panic(538), 4)];
    const judged = await judgeOnBase(confirmed(found([stake])), alternates, judgement(log));
    expect(judged.map((f) => [names(f.sequence), f.onBase, f.besidePreExisting])).toEqual([
      ['addStake', true, undefined],
      ['claim', false, true],
    ]);
    // One base run per alternate tried, one per shrinking candidate; the last alternate is not tried.
    expect(log).toEqual(['base addStake', 'base addStake/claim', 'base deposit/claim', 'base claim']);
  });

  it('reports the pre-existing alternate beside an introduced finding, which is the one marked', async () => {
    const judged = await judgeOnBase(confirmed(found([claim])), [found([deposit, stake], panic(538), 2)], judgement());
    expect(judged.map((f) => [names(f.sequence), f.onBase, f.besidePreExisting])).toEqual([
      ['claim', false, true],
      ['addStake', true, undefined],
    ]);
  });

  it("leaves alternates of other failures, those of the finding's origin and those that do not confirm", async () => {
    const base = judgement();
    const alternates = [found([claim], panic(600), 2), found([stake, stake], panic(538), 3), found([deposit, claim], panic(538), 4)];
    const judged = await judgeOnBase(confirmed(found([stake])), alternates, { ...base, confirm: async () => undefined });
    expect(judged.map((f) => [names(f.sequence), f.onBase])).toEqual([['addStake', true]]);
  });

  it('tries no alternate once the run is interrupted', async () => {
    const log: string[] = [];
    const judged = await judgeOnBase(confirmed(found([stake])), [found([claim], panic(538), 2)], { ...judgement(log), interrupted: () => true });
    expect(judged).toHaveLength(1);
    expect(log).toEqual(['base addStake']);
  });
});

import { FOLLOW_UP_SHARE, StateFollowUps } from '../../../src/fuzz/search/stateFollowUps.js';
import type { Call } from '../../../src/fuzz/types.js';
import { deploy, type Deployed } from '../harveyHarness.js';

let steps: Deployed;

beforeAll(async () => {
  steps = await deploy('LongSequence');
});

const names = (input: readonly Call[] | undefined) => input?.map((c) => (c.target.kind === 'function' ? c.target.fn.name : c.target.kind));

describe('StateFollowUps', () => {
  it('runs every call it is given on the newest setup first, then on the older ones', () => {
    const followUps = new StateFollowUps(8, 1);
    followUps.add([steps.call('step1', [1n])]);
    followUps.add([steps.call('step1', [1n]), steps.call('step2', [2n])]);
    let asked = 0;
    const callsFor = () => {
      asked++;
      return [steps.call('step3', [3n]), steps.call('step5', [5n])];
    };
    const inputs = Array.from({ length: 5 }, () => names(followUps.next(1000, callsFor)));
    expect(inputs).toEqual([
      ['step1', 'step2', 'step3'],
      ['step1', 'step2', 'step5'],
      ['step1', 'step3'],
      ['step1', 'step5'],
      undefined,
    ]);
    // Asked once per setup, when its turn came: calls reflect the corpus at that time.
    expect(asked).toBe(2);
    expect(followUps.ran).toBe(4);
  });

  it('takes at most its share of the transactions spent, and resumes as more are spent', () => {
    const followUps = new StateFollowUps(8);
    followUps.add([steps.call('step1', [1n]), steps.call('step2', [2n])]);
    const callsFor = () => [steps.call('step3', [3n]), steps.call('step4', [4n])];
    // Each input is 3 transactions: 24 spent allow exactly one at p_a = 1/8.
    expect(FOLLOW_UP_SHARE).toBe(0.125);
    expect(followUps.next(23, callsFor)).toBeUndefined();
    expect(names(followUps.next(24, callsFor))).toEqual(['step1', 'step2', 'step3']);
    expect(followUps.next(47, callsFor)).toBeUndefined();
    expect(names(followUps.next(48, callsFor))).toEqual(['step1', 'step2', 'step4']);
  });

  it('leaves out setups with no room for a call before the longest input', () => {
    const followUps = new StateFollowUps(2, 1);
    followUps.add([steps.call('step1', [1n]), steps.call('step2', [2n])]);
    followUps.add([]);
    expect(followUps.next(1000, () => [steps.call('step3', [3n])])).toBeUndefined();
  });
});

import { bytesToHex, toFunctionSelector } from 'viem';
import { type CheatcodeSession, Executor } from '../evm/index.js';
import { type ChainView, type Failure, failureOf, type SequenceOracle } from '../oracles/index.js';
import { judgeCall } from './judge.js';
import type { TestFunction } from './types.js';

/**
 * forge's verdict on each call of a test function (deployment 0, the test contract) as a finding: a
 * `property` failure named after the test. `vm.assume` rejections, skips and expected reverts that
 * happened are no failure (`judgeCall`).
 */
export function testCallOracle(tests: readonly TestFunction[], codeId: number): SequenceOracle {
  const bySelector = new Map(tests.map((test) => [toFunctionSelector(test.fn), test]));
  return {
    begin: () => undefined,
    check(chain, tx, result): Failure | null {
      const test = tx.to === 0 ? bySelector.get(bytesToHex(tx.data.subarray(0, 4))) : undefined;
      if (test === undefined) return null;
      const verdict = judgeCall(result, cheatcodesOf(chain), test.expectsFailure);
      if (verdict.kind !== 'failed') return null;
      return failureOf({ kind: 'property', property: test.name, failed: 'test-failed', reason: verdict.reason }, { codeId, pc: 0 });
    },
  };
}

/** The verdict reads the cheatcode session of the executor that ran the call: the campaign's, or the fresh one a finding is replayed on. */
function cheatcodesOf(chain: ChainView): CheatcodeSession {
  if (chain instanceof Executor && chain.cheatcodes !== undefined) return chain.cheatcodes;
  throw new Error('testCallOracle: a test function runs on an executor with cheatcodes');
}

import { failureKey, type FailureSite } from '../../oracles/index.js';
import type { TxSequence } from '../../abi/index.js';
import type { CampaignFinding, ConfirmedFinding } from './replay.js';

export interface BaseJudgement {
  /** Whether the sequence fails on the base revision as the failure does (`failsOnBase`). */
  onBase: (sequence: TxSequence, failure: FailureSite) => Promise<boolean>;
  /** Shrinks and replays a failure as `confirmFinding` does, while `keeps` holds too. */
  confirm: (found: CampaignFinding, keeps: (candidate: TxSequence) => Promise<boolean>) => Promise<ConfirmedFinding | undefined>;
  /** True once the run is interrupted: no alternate is tried any more. */
  interrupted?: () => boolean;
}

/**
 * A confirmed finding judged on the base, with the finding of the other origin at its kind and
 * location when there is one: a finding is identified by whether the pull request introduced it
 * too, so a pre-existing failure never stands for an introduced one at the same place (nor the other
 * way round). The campaign reported the first input per failure and kept later ones that failed the
 * same way through other calls (its alternates); the first of those, in the order kept, whose base
 * replay disagrees with the finding's is shrunk while it still fails so on head and disagrees,
 * replayed fresh, and reported beside it. Each alternate tried costs one base run (their cap bounds
 * them); one finding of the other origin at most.
 */
export async function judgeOnBase(finding: ConfirmedFinding, alternates: readonly CampaignFinding[], judgement: BaseJudgement): Promise<ConfirmedFinding[]> {
  const onBase = await judgement.onBase(finding.sequence, finding.failure);
  const key = failureKey(finding.failure);
  const otherOrigin = async (candidate: TxSequence) => (await judgement.onBase(candidate, finding.failure)) !== onBase;
  for (const alternate of alternates) {
    if (judgement.interrupted?.()) break;
    if (failureKey(alternate.failure) !== key || !(await otherOrigin(alternate.sequence))) continue;
    const other = await judgement.confirm(alternate, otherOrigin);
    if (!other) continue;
    // The introduced one of the two is marked: it is the one a pre-existing finding would have hidden.
    return onBase
      ? [
          { ...finding, onBase },
          { ...other, onBase: false, besidePreExisting: true },
        ]
      : [
          { ...finding, onBase, besidePreExisting: true },
          { ...other, onBase: true },
        ];
  }
  return [{ ...finding, onBase }];
}

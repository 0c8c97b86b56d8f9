import { changeIdentity, sameList } from './compare.js';
import type { TxObservation } from './observation.js';
import type { FindingKind } from '../../oracles/index.js';

/**
 * How alarming a behaviour change is, by what it does (issue 29): `permits` — a call the base refused
 * now succeeds and acts (writes state or moves value), and the base's refusal was an authorization,
 * role, owner or pause check or the caller is not the deployer; `value` — ether or token balances,
 * supply or allowances end differently; `refuses` — a call that succeeded now reverts; `returns` — only
 * what the call returns (or the reason it reverts with) differs; `events` — only the logs differ.
 */
export const BEHAVIOUR_GRADES = ['permits', 'value', 'refuses', 'returns', 'events'] as const;
export type BehaviourGrade = (typeof BEHAVIOUR_GRADES)[number];

/** The finding kind of a graded behaviour change: its own for the grades that fail the check, else a note's. */
export function behaviourKind(grade: BehaviourGrade): FindingKind {
  return grade === 'permits' ? 'behaviour-permits' : grade === 'value' ? 'behaviour-value' : 'behaviour-change';
}

/** Words of a refusal that guards who may call: `OwnableUnauthorizedAccount`, "must have minter role", `EnforcedPause()`, "caller is not the owner". */
const AUTHORIZATION = /unauthori[sz]ed|owner|role|admin|permission|forbidden|not allowed|allowlist|whitelist|access|auth|paus|only/i;

/** One side of the diverging call: what a caller saw, and whether it wrote state or moved ether. */
export interface GradedSide {
  observation: TxObservation;
  acted: boolean;
}

/**
 * The grade of a divergence at one call, from both sides' full observations (not only the first
 * difference: a call whose events differ first may move other amounts too). `byDeployer`: the call
 * came from the deployer itself, not another sender or Lookout's attacker.
 */
export function gradeDivergence(base: GradedSide, head: GradedSide, byDeployer: boolean): BehaviourGrade {
  const [was, is] = [base.observation, head.observation];
  if (was.failure !== undefined && is.failure === undefined) {
    if (head.acted && (!byDeployer || AUTHORIZATION.test(was.failure))) return 'permits';
    return movesValue(is) ? 'value' : 'returns';
  }
  if (was.failure === undefined && is.failure !== undefined) return 'refuses';
  if (was.failure !== undefined) return 'returns';
  if (!sameList(was.ether, is.ether) || !sameList(was.tokens.map(changeIdentity), is.tokens.map(changeIdentity))) return 'value';
  return was.returns !== is.returns ? 'returns' : 'events';
}

function movesValue(observation: TxObservation): boolean {
  return observation.ether.length > 0 || observation.tokens.length > 0;
}

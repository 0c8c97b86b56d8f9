export { createBehaviourDiff, DIVERGENCE_SHRINK_ATTEMPTS, type BehaviourDiff, type BehaviourDiffRequest } from './behaviourDiff.js';
export { groupDivergences, type DivergenceGroup } from './group.js';
export type { BehaviourDifference, ConfirmedDivergence, Divergence, DivergenceKind } from './types.js';
export { BEHAVIOUR_GRADES, behaviourKind, gradeDivergence, type BehaviourGrade } from './grade.js';

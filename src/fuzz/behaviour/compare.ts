import type { TxObservation } from './observation.js';
import type { TokenChange } from './tokenReadings.js';
import type { BehaviourDifference } from './types.js';
import { listText, tokenAmountText } from '../../abi/index.js';

/**
 * The first way two observations of one transaction differ (see `DivergenceKind` for the order), in
 * words for each side; undefined when a caller could not tell them apart. Token views are compared
 * by how the transaction changed them, so a difference left by an earlier uncompared call (a function
 * only one revision has) is not blamed on this one.
 */
export function compareObservations(base: TxObservation, head: TxObservation): BehaviourDifference | undefined {
  if ((base.failure === undefined) !== (head.failure === undefined)) return { kind: 'outcome', base: summary(base), head: summary(head) };
  if (base.failure !== undefined || head.failure !== undefined) {
    return base.failure === head.failure ? undefined : { kind: 'revert-reason', base: base.failure!, head: head.failure! };
  }
  if (base.returns !== head.returns) return { kind: 'return-value', base: returnsText(base), head: returnsText(head) };
  if (!sameList(base.events, head.events)) return { kind: 'events', base: eventsText(base), head: eventsText(head) };
  if (!sameList(base.ether, head.ether)) return { kind: 'ether', base: etherText(base), head: etherText(head) };
  if (!sameList(base.tokens.map(changeIdentity), head.tokens.map(changeIdentity))) {
    return { kind: 'token-balance', base: tokensText(base), head: tokensText(head) };
  }
  return undefined;
}

/** Everything one side did, for when only one side succeeded. */
function summary(observation: TxObservation): string {
  if (observation.failure !== undefined) return observation.failure;
  const clauses = [
    observation.returns === '' ? undefined : returnsText(observation),
    observation.events.length === 0 ? undefined : eventsText(observation),
    observation.ether.length === 0 ? undefined : etherText(observation),
    observation.tokens.length === 0 ? undefined : tokensText(observation),
  ].filter((clause) => clause !== undefined);
  return ['succeeds', ...clauses].join('; ');
}

function returnsText(observation: TxObservation): string {
  return observation.returns === '' ? 'returns nothing' : `returns ${observation.returns}`;
}

function eventsText(observation: TxObservation): string {
  return observation.events.length === 0 ? 'emits no events' : `emits ${listText(observation.events)}`;
}

function etherText(observation: TxObservation): string {
  return observation.ether.length === 0 ? 'moves no ether' : `moves ether: ${listText(observation.ether)}`;
}

function tokensText(observation: TxObservation): string {
  const amount = (value: bigint | undefined, decimals: number | null) => (value === undefined ? 'reverts' : tokenAmountText(value, decimals));
  const changes = observation.tokens.map((c) => `${c.key} ${amount(c.before, c.decimals)} → ${amount(c.after, c.decimals)}`);
  return changes.length === 0 ? 'changes no token balances' : `changes ${listText(changes)}`;
}

/** What a change did, whatever the value was before: the key and the difference. */
export function changeIdentity(change: TokenChange): string {
  const { key, before, after } = change;
  return before !== undefined && after !== undefined ? `${key} ${after - before}` : `${key} ${before}→${after}`;
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

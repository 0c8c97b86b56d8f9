import type { AbiParameter } from 'viem';
import { type Call, isPayable, type TxSequence } from '../../abi/index.js';
import { attackerDeployment, payingTarget, throughAttacker } from './attackerCalls.js';
import type { Rng } from '../../rng.js';
import { mutateValue } from './valueMutation.js';
import {
  dynamicArrays,
  generateCall,
  generateCallValue,
  generateDelays,
  generateInputs,
  matchLengths,
  MATCH_LENGTHS_SHARE,
  type DeploymentTargets,
  type ValueContext,
} from './values.js';

/**
 * The ways a transaction sequence is changed. `fuzz-call`, `insert-call` and `replace-prefix` are
 * Harvey's sequence mutations (Sect. 5): fuzz a transaction, insert a new one before it (drawn from
 * a pool of state-changing transactions when there is one), replace the transactions before it with
 * another sequence.
 */
export type SequenceMutation =
  | 'mutate-arg'
  | 'change-sender'
  | 'change-value'
  | 'change-delay'
  | 'fuzz-call'
  | 'insert-call'
  | 'replace-prefix'
  | 'drop-call'
  | 'duplicate-call'
  | 'splice'
  | 'through-attacker';

/** Relative frequency of each mutation; argument changes dominate, as in every greybox fuzzer. */
export const MUTATION_WEIGHTS: Readonly<Record<SequenceMutation, number>> = {
  'mutate-arg': 30,
  'change-sender': 6,
  'change-value': 4,
  'change-delay': 5,
  'fuzz-call': 10,
  'insert-call': 12,
  'replace-prefix': 6,
  'drop-call': 6,
  'duplicate-call': 4,
  splice: 5,
  // Only where campaigns call Lookout's attacker (contracts that call out).
  'through-attacker': 3,
};

/**
 * The weight table for a campaign over `targets`: where the attacker is not called, `through-attacker`
 * weighs nothing, so that the other kinds are drawn exactly as they would be without it.
 */
export function mutationWeights(targets: DeploymentTargets): Readonly<Record<SequenceMutation, number>> {
  return attackerDeployment(targets) === undefined ? { ...MUTATION_WEIGHTS, 'through-attacker': 0 } : MUTATION_WEIGHTS;
}

export const DEFAULT_MAX_SEQUENCE_LENGTH = 8;

/** Share of `insert-call`s before a call that insert a pooled transaction there (when a pool is given). */
const POOLED_INSERTION_SHARE = 0.5;

export interface MutationContext extends ValueContext {
  targets: DeploymentTargets;
  maxSequenceLength?: number;
  /**
   * Another sequence for `replace-prefix` and `splice` (the campaign passes corpus sequences);
   * without it, or when it returns undefined or an empty sequence, those mutations do not apply.
   */
  prefixSource?: (rng: Rng) => TxSequence | undefined;
  /**
   * A transaction that set up a new state before (the campaign passes DDSF's transaction pool): half
   * of the `insert-call`s that insert before a call of the sequence put one there, as Harvey's
   * insertion does; appending stays a fresh call. Without it, or when it returns undefined, every
   * insertion is a fresh call.
   */
  pooledCall?: (rng: Rng) => Call | undefined;
  /** Replaces MUTATION_WEIGHTS, e.g. to switch sequence mutations off for an ablation run. */
  weights?: Readonly<Record<SequenceMutation, number>>;
}

/**
 * Applies one mutation at a position chosen with `ctx.rng`. Returns a new sequence (the input and
 * its calls are never changed) or `undefined` when the mutation cannot apply:
 * - `mutate-arg`, `fuzz-call`: no call has arguments (fallback calldata counts as an argument);
 * - `change-sender`: empty sequence or a single sender;
 * - `change-value`: no payable call, or `maxValue` is 0;
 * - `change-delay`: empty sequence;
 * - `insert-call`: sequence at its maximum length, or no deployment has a callable target;
 * - `replace-prefix`: empty sequence, no other sequence, or no room for any of it;
 * - `drop-call`: fewer than two calls;
 * - `duplicate-call`: empty sequence or at its maximum length;
 * - `splice`: no other sequence, or the spliced result is empty;
 * - `through-attacker`: the campaign does not call the attacker, no call goes elsewhere, or the
 *   mirrored sequence would be too long.
 */
export function applyMutation(seq: TxSequence, kind: SequenceMutation, ctx: MutationContext): TxSequence | undefined {
  const { rng } = ctx;
  const max = ctx.maxSequenceLength ?? DEFAULT_MAX_SEQUENCE_LENGTH;
  switch (kind) {
    case 'mutate-arg': {
      // Half the time the last call: the one under test, behind a prefix that set its state up (Harvey Sect. 5).
      const lastHasInputs = seq.length > 0 && hasInputs(seq[seq.length - 1]);
      const i = lastHasInputs && rng.chance(0.5) ? seq.length - 1 : pickIndex(seq, hasInputs, rng);
      return i === undefined ? undefined : replaceAt(seq, i, mutateOneInput(seq[i], ctx));
    }
    case 'change-sender': {
      if (seq.length === 0 || ctx.senders < 2) return undefined;
      const i = rng.int(seq.length);
      const sender = (seq[i].sender + 1 + rng.int(ctx.senders - 1)) % ctx.senders;
      return replaceAt(seq, i, { ...seq[i], sender });
    }
    case 'change-value': {
      if (ctx.maxValue <= 0n) return undefined;
      const i = pickIndex(seq, (call) => isPayable(payingTarget(call.target, call.args, ctx)), rng);
      return i === undefined ? undefined : replaceAt(seq, i, { ...seq[i], value: mutateCallValue(seq[i], ctx) });
    }
    case 'change-delay': {
      if (seq.length === 0) return undefined;
      const i = rng.int(seq.length);
      const fresh = generateDelays(ctx);
      const call = seq[i];
      const changed = rng.weighted([1, 1, 1]);
      return replaceAt(seq, i, {
        ...call,
        blockDelay: changed === 1 ? call.blockDelay : fresh.blockDelay,
        timeDelay: changed === 0 ? call.timeDelay : fresh.timeDelay,
      });
    }
    case 'fuzz-call': {
      const i = pickIndex(seq, hasInputs, rng);
      return i === undefined ? undefined : replaceAt(seq, i, { ...seq[i], ...generateInputs(seq[i].target, ctx) });
    }
    case 'insert-call': {
      if (seq.length >= max || !ctx.targets.some((t) => t.length > 0)) return undefined;
      // Position seq.length appends a fresh call: the usual way a sequence grows, and the only way it
      // reaches a step no input called yet (LongSequence), so pooled calls never take its share.
      const at = rng.range(0, seq.length);
      const pooled = at < seq.length && rng.chance(POOLED_INSERTION_SHARE) ? ctx.pooledCall?.(rng) : undefined;
      // Before a call (the last one among them): a transaction that set up state before sets it up for what follows.
      return insertAt(seq, at, pooled ?? generateCall(ctx.targets, ctx));
    }
    case 'replace-prefix': {
      if (seq.length === 0) return undefined;
      const other = otherSequence(ctx);
      if (other === undefined) return undefined;
      const i = rng.int(seq.length);
      const room = max - (seq.length - i);
      if (room <= 0) return undefined;
      return [...other.slice(0, room), ...seq.slice(i)];
    }
    case 'drop-call': {
      if (seq.length < 2) return undefined;
      const i = rng.int(seq.length);
      return [...seq.slice(0, i), ...seq.slice(i + 1)];
    }
    case 'duplicate-call': {
      if (seq.length === 0 || seq.length >= max) return undefined;
      return insertAt(seq, rng.range(0, seq.length), { ...seq[rng.int(seq.length)] });
    }
    case 'splice': {
      const other = otherSequence(ctx);
      if (other === undefined) return undefined;
      const head = seq.slice(0, rng.range(0, Math.min(seq.length, max)));
      const spliced = [...head, ...other.slice(rng.int(other.length))].slice(0, max);
      return spliced.length > 0 ? spliced : undefined;
    }
    case 'through-attacker': {
      const wrapped = throughAttacker(seq, ctx, rng.chance(0.5) ? 'mirror' : 'replace');
      return wrapped !== undefined && wrapped.length <= max ? wrapped : undefined;
    }
  }
}

/**
 * Havoc-style: 1–4 stacked mutations (fewer more likely), each drawn from the weight table among
 * the kinds that apply. Undefined when no kind applies.
 */
export function mutateSequence(seq: TxSequence, ctx: MutationContext): TxSequence | undefined {
  const { rng } = ctx;
  const table = ctx.weights ?? MUTATION_WEIGHTS;
  const kinds = Object.keys(table) as SequenceMutation[];
  const weights = kinds.map((k) => table[k]);
  const stack = 1 + rng.weighted([8, 4, 2, 1]);
  let sequence: TxSequence | undefined;
  for (let s = 0; s < stack; s++) {
    // Draw without replacement: a kind that cannot apply is not drawn again for this step.
    const remaining = weights.slice();
    while (remaining.some((w) => w > 0)) {
      const k = rng.weighted(remaining);
      const next = applyMutation(sequence ?? seq, kinds[k], ctx);
      if (next !== undefined) {
        sequence = next;
        break;
      }
      remaining[k] = 0;
    }
  }
  return sequence;
}

function hasInputs(call: Call): boolean {
  return call.target.kind === 'fallback' || (call.target.kind === 'function' && call.target.fn.inputs.length > 0);
}

/** A uniformly chosen index among the calls satisfying `accept`. */
function pickIndex(seq: TxSequence, accept: (call: Call) => boolean, rng: Rng): number | undefined {
  const candidates: number[] = [];
  for (let i = 0; i < seq.length; i++) if (accept(seq[i])) candidates.push(i);
  return candidates.length > 0 ? rng.pick(candidates) : undefined;
}

const FALLBACK_DATA: AbiParameter = { type: 'bytes' };

function mutateOneInput(call: Call, ctx: MutationContext): Call {
  const target = call.target;
  if (target.kind === 'fallback') return { ...call, target: { ...target, data: mutateValue(FALLBACK_DATA, target.data, ctx) as string } };
  if (target.kind !== 'function') return call;
  const params = target.fn.inputs;
  const j = ctx.rng.int(call.args.length);
  const args = call.args.slice();
  args[j] = mutateValue(params[j], args[j], ctx);
  // A resized array drags its parallel arrays along, as generation lines them up.
  const arrays = dynamicArrays(params);
  const resized = arrays.includes(j) && (args[j] as unknown[]).length !== (call.args[j] as unknown[]).length;
  if (resized && arrays.length > 1 && ctx.rng.chance(MATCH_LENGTHS_SHARE)) return { ...call, args: matchLengths(params, args, j, ctx) };
  return { ...call, args };
}

/** Zero, half, double (bounded), the maximum, or a fresh amount. */
function mutateCallValue(call: Call, ctx: MutationContext): bigint {
  const { rng, maxValue } = ctx;
  const value = call.value;
  switch (rng.weighted([value > 0n ? 2 : 0, value > 0n ? 2 : 0, 2, 1, 4])) {
    case 0:
      return 0n;
    case 1:
      return value / 2n;
    case 2:
      return value * 2n + 1n <= maxValue ? value * 2n + 1n : maxValue;
    case 3:
      return maxValue;
    default:
      return generateCallValue(payingTarget(call.target, call.args, ctx), ctx);
  }
}

function otherSequence(ctx: MutationContext): TxSequence | undefined {
  const other = ctx.prefixSource?.(ctx.rng);
  return other !== undefined && other.length > 0 ? other : undefined;
}

function replaceAt(seq: TxSequence, i: number, call: Call): TxSequence {
  const copy = seq.slice();
  copy[i] = call;
  return copy;
}

function insertAt(seq: TxSequence, i: number, call: Call): TxSequence {
  return [...seq.slice(0, i), call, ...seq.slice(i)];
}

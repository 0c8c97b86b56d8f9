import { abiType, isErc20Shaped, signature, type Call, type CallTarget, type TxSequence } from '../../abi/index.js';
import type { CompiledContract } from '../../compile/index.js';
import { readsTokenBalances } from '../../deploy/index.js';
import { changesState, SEED_INTEGER_BITS, seedCall as call } from './seedCalls.js';
import { generateCallValue, generateInputs, type DeploymentTargets, type ValueContext } from './values.js';

/**
 * What the subject is first sent of each token, in [2^15, 2^16): above what a call's arguments mostly
 * ask back (a swap's outputs must stay below the reserves), and a product past a first mint's
 * minimum liquidity (Uniswap v2 burns 1,000 units of sqrt(amount0 × amount1)).
 */
const STOCK = { from: 1 << 15, to: (1 << 16) - 1 };
/** What it is sent before each further call, in [1, 2^8): a little, as a swap paying for itself brings in. */
const TOP_UP = { from: 1, to: (1 << 8) - 1 };
/**
 * The further call's integer arguments, in [1, 2^15): below what the subject holds, so that an amount
 * asked back (a swap's outputs) is one it can pay, and well above the top-up, so that what the call
 * takes out exceeds what came in and the subject's own check (Uniswap's K) has something to refuse.
 */
const ASKED = { from: 1, to: STOCK.from - 1 };

const TRANSFER = 'transfer(address,uint256)';

/** What the seeds are built from: the campaign's subject, and what is deployed beside it. */
export interface Stage {
  subject: number;
  /** Indexed like the executor's deployments. */
  contracts: readonly CompiledContract[];
  targets: DeploymentTargets;
  /** `addresses[i]` is deployment i's address. */
  addresses: readonly string[];
  /** The subject's runtime code. */
  code: Uint8Array;
}

/**
 * Seeds that set the stage a user's test sets for a contract that books what its token balances
 * exceed what it recorded (Uniswap v2's pair: tokens are sent to it, then `mint` or `sync` books them,
 * and a swap pays for itself with tokens sent in before the call). Each is: the subject wired to the
 * callable tokens (its first state-changing function taking only two or more addresses, given the
 * tokens' in turn: `initialize(token0, token1)`), the deployer sending it some of each token, one of
 * its state-changing functions (what books them), then some of one token again and each of its
 * functions in turn. A random sequence has that order, recipient and wiring together about never.
 * None when the subject reads no token balances or no ERC-20 but itself is callable.
 */
export function stageSeeds(stage: Stage, valueContext: ValueContext): TxSequence[] {
  const { subject, targets, addresses } = stage;
  if (!readsTokenBalances(stage.code, stage.contracts)) return [];
  const tokens = targets.flatMap((tokenTargets, token) => {
    const transfer = tokenTargets.find((t) => t.kind === 'function' && signature(t.fn) === TRANSFER);
    return token !== subject && transfer !== undefined && isErc20Shaped(stage.contracts[token].abi) ? [{ token, transfer }] : [];
  });
  if (tokens.length === 0) return [];
  const ctx = { ...valueContext, maxIntegerBits: SEED_INTEGER_BITS };
  const send = (i: number, range: { from: number; to: number }): Call => {
    const { token, transfer } = tokens[i % tokens.length];
    return call(token, transfer, [addresses[subject], BigInt(ctx.rng.range(range.from, range.to))]);
  };
  const own = targets[subject];
  const wiring = own.find((t) => changesState(t) && t.kind === 'function' && t.fn.inputs.length >= 2 && t.fn.inputs.every((p) => p.type === 'address'));
  const wire =
    wiring?.kind === 'function'
      ? [
          call(
            subject,
            wiring,
            wiring.fn.inputs.map((_, i) => addresses[tokens[i % tokens.length].token]),
          ),
        ]
      : [];
  const stocked = [...wire, ...tokens.map((_, i) => send(i, STOCK))];
  const seeds: TxSequence[] = [];
  for (const booking of own.filter((t) => changesState(t) && t !== wiring)) {
    const booked = [...stocked, fresh(subject, booking, ctx)];
    seeds.push(booked);
    own.forEach((next, i) => seeds.push([...booked, send(i, TOP_UP), fresh(subject, next, ctx, ASKED)]));
  }
  return seeds;
}

/**
 * A call with fresh arguments, plain ones: no zero amount (it books nothing; one fits every integer
 * type) and empty bytes (a swap's non-empty `data` calls its recipient back, which a sender cannot
 * take); with `integers`, each integer argument drawn uniformly from that range.
 */
function fresh(to: number, target: CallTarget, ctx: ValueContext, integers?: { from: number; to: number }): Call {
  const { target: called, args } = generateInputs(target, ctx);
  if (called.kind !== 'function') return { ...call(to, called, args), value: generateCallValue(called, ctx) };
  const plain = args.map((arg, i) => {
    const type = abiType(called.fn.inputs[i]);
    if (type.kind === 'bytes') return '0x';
    if (integers !== undefined && type.kind === 'uint') return BigInt(ctx.rng.range(...within(integers, type.bits)));
    return arg === 0n ? 1n : arg;
  });
  return { ...call(to, called, plain), value: generateCallValue(called, ctx) };
}

/** The range cut to what the type holds: a permit's `uint8 v` takes at most 255, however much the subject is sent. */
function within(integers: { from: number; to: number }, bits: number): [number, number] {
  const to = bits >= 53 ? integers.to : Math.min(integers.to, 2 ** bits - 1);
  return [Math.min(integers.from, to), to];
}

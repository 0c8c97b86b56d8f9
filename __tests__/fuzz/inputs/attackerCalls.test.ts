/**
 * Calls through Lookout's attacker, as data: the `through-attacker` mutation, unwrapping for
 * shrinking and reports, and the weight table that leaves campaigns without the attacker unchanged.
 */
import { decodeFunctionData, parseAbi } from 'viem';
import { ATTACKER_ABI } from '../../../src/evm/attacker.js';
import { callTargets, encodeCall } from '../../../src/abi/encoding.js';
import { attackerCallParts, throughAttacker, unwrapAttackerCall, type AttackerWorld } from '../../../src/fuzz/inputs/attackerCalls.js';
import { Dictionary } from '../../../src/fuzz/inputs/dictionary.js';
import { applyMutation, MUTATION_WEIGHTS, mutationWeights } from '../../../src/fuzz/inputs/mutations.js';
import { Rng } from '../../../src/rng.js';
import { shrinkSequence } from '../../../src/fuzz/findings/shrink.js';
import type { Call, TxSequence } from '../../../src/abi/types.js';

const bank = callTargets(parseAbi(['function deposit() payable', 'function withdraw(uint256 amount)']));
const [deposit, withdraw] = bank;
const attacker = callTargets(ATTACKER_ABI);
const BANK = '0x00000000000000000000000000000000000000b0';
const ATTACKER = '0x00000000000000000000000000000000000000a0';
// Three senders, then the bank (deployment 0) and the attacker (deployment 1).
const world = (seed = 1): AttackerWorld => ({
  rng: new Rng(seed),
  addresses: ['0x01', '0x02', '0x03', BANK, ATTACKER],
  senders: 3,
  targets: [bank, attacker],
});

function call(target: Call['target'], args: Call['args'], sender: number, value = 0n): Call {
  return { sender, to: 0, target, args, value, blockDelay: 0, timeDelay: 1 };
}

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}` as const;

const sequence: TxSequence = [call(deposit, [], 1, 5n), call(deposit, [], 2, 3n), call(withdraw, [3n], 2)];

describe('through-attacker', () => {
  it("puts the attacker in one sender's place: each of its calls forwarded with its ether, re-entering with itself", () => {
    const wrapped = throughAttacker(sequence, world())!;
    const sender = wrapped.find((c) => c.to === 1)!.sender;
    wrapped.forEach((c, i) => {
      if (sequence[i].sender !== sender) return expect(c).toBe(sequence[i]);
      expect(c).toMatchObject({ sender, to: 1, target: attacker[0], value: sequence[i].value, timeDelay: 1 });
      const [to, data, reenter] = decodeFunctionData({ abi: ATTACKER_ABI, data: hex(encodeCall(c)) }).args;
      expect([to.toLowerCase(), data, reenter]).toEqual([BANK, hex(encodeCall(sequence[i])), hex(encodeCall(sequence[i]))]);
    });
  });

  it('mirrored, makes the same calls as one sender right after it, and its last call instead of it', () => {
    const mirrored = throughAttacker(sequence, world(), 'mirror')!;
    const sender = mirrored.find((c) => c.to === 1)!.sender;
    const own = sequence.filter((c) => c.sender === sender);
    const through = (c: Call) => ({ ...c, to: 1, target: attacker[0], args: [BANK, hex(encodeCall(c)), hex(encodeCall(c))] });
    const expected = sequence.flatMap((c) => (c.sender !== sender ? [c] : c === own[own.length - 1] ? [through(c)] : [c, through(c)]));
    expect(mirrored).toEqual(expected);
    // Sender 2 deposits, then withdraws: the attacker deposits as much beside it and withdraws in its place.
    const two = throughAttacker([call(deposit, [], 2, 3n), call(withdraw, [3n], 2)], world(), 'mirror')!;
    expect(two.map((c) => [c.to, c.value])).toEqual([
      [0, 3n],
      [1, 3n],
      [1, 0n],
    ]);
  });

  it('does not apply without the attacker, and then weighs nothing', () => {
    const alone = { ...world(), targets: [bank] };
    expect(throughAttacker(sequence, alone)).toBeUndefined();
    const ctx = { ...alone, dictionary: new Dictionary(), maxValue: 10n };
    expect(applyMutation(sequence, 'through-attacker', ctx)).toBeUndefined();
    expect(mutationWeights(alone.targets)).toEqual({ ...MUTATION_WEIGHTS, 'through-attacker': 0 });
    expect(mutationWeights(world().targets)['through-attacker']).toBeGreaterThan(0);
  });
});

describe('unwrapping', () => {
  const wrapped = throughAttacker(sequence, world(2))!;
  const attackerCall = wrapped.find((c) => c.to === 1)!;

  it('gives back the call the attacker forwards, from the same sender with the same ether', () => {
    const index = wrapped.indexOf(attackerCall);
    expect(unwrapAttackerCall(attackerCall, world())).toEqual(sequence[index]);
    expect(unwrapAttackerCall(sequence[0], world())).toBeUndefined();
  });

  it('names both calls of an attacker call, or no re-entry', () => {
    const parts = attackerCallParts(attackerCall, world())!;
    expect(parts.reenters).toEqual(parts.forwards);
    const unarmed = { ...attackerCall, args: [attackerCall.args[0], attackerCall.args[1], '0x'] };
    expect(attackerCallParts(unarmed, world())!.reenters).toBeUndefined();
  });

  it('a payment forwarded with empty calldata is a call of receive()', () => {
    const payable = callTargets(parseAbi(['function deposit() payable', 'receive() external payable']));
    const pays = { ...attackerCall, value: 7n, args: [BANK, '0x', '0x'] };
    expect(unwrapAttackerCall(pays, { ...world(), targets: [payable, attacker] })).toMatchObject({ to: 0, target: { kind: 'receive' }, args: [], value: 7n });
    expect(unwrapAttackerCall(pays, world())).toBeUndefined();
  });

  it('leaves calldata a mutation cut short', () => {
    const cut = { ...attackerCall, args: [attackerCall.args[0], '0x2e1a7d4d00', '0x'] };
    expect(unwrapAttackerCall(cut, world())).toBeUndefined();
  });

  it('lets shrinking show plain calls where they fail the same way, and keeps the attacker where they do not', async () => {
    const plainCall = (c: Call) => unwrapAttackerCall(c, world());
    const unwrap = { plain: plainCall, senders: 3 };
    // Fails whenever sender 2 withdraws, directly or not: the attacker is not needed.
    const anyWithdraw = async (s: TxSequence) => s.some((c) => c.sender === 2 && (c.target === withdraw || plainCall(c)?.target === withdraw));
    const wrappedAll: TxSequence = sequence.map((c) => (c.sender === 2 ? { ...c, to: 1, target: attacker[0], args: [BANK, hex(encodeCall(c)), '0x'] } : c));
    const plain = await shrinkSequence(wrappedAll, anyWithdraw, { maxAttempts: 200 }, unwrap);
    expect(plain.sequence.map((c) => c.to)).toEqual([0]);
    // Fails only through the attacker: it stays.
    const onlyThrough = async (s: TxSequence) => s.some((c) => c.to === 1 && plainCall(c)?.target === withdraw);
    const kept = await shrinkSequence(wrappedAll, onlyThrough, { maxAttempts: 200 }, unwrap);
    expect(kept.sequence.map((c) => c.to)).toEqual([1]);
  });

  it('shows calls that need one caller (the attacker, no deployer) as plain calls from one sender that fits', async () => {
    const through = (c: Call): Call => ({ ...c, to: 1, target: attacker[0], args: [BANK, hex(encodeCall(c)), '0x'] });
    // Arm, then execute: fails when one caller makes both and that caller is not the deployer (sender 0).
    const caller = (c: Call) => (c.to === 1 ? 'attacker' : c.sender);
    const armedAndExecuted = async (s: TxSequence) => s.length === 2 && caller(s[0]) === caller(s[1]) && caller(s[0]) !== 0;
    const fromDeployer: TxSequence = [through(call(deposit, [], 0)), through(call(withdraw, [1n], 0))];
    const shrunk = await shrinkSequence(fromDeployer, armedAndExecuted, { maxAttempts: 200 }, { plain: (c) => unwrapAttackerCall(c, world()), senders: 3 });
    expect(shrunk.sequence.map((c) => [c.to, c.sender, c.target])).toEqual([
      [0, 1, deposit],
      [0, 1, withdraw],
    ]);
  });
});

/**
 * The oracles that need no spec, end to end: `lookout fuzz` with a fixed seed and a transaction
 * budget finds each fixture of __fixtures__/oracles as its kind, and stays silent on every safe twin.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report, ReportFinding } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/**
 * Budgets by safe twin: a bug's campaign must find it within its twin's budget, and the twin runs all
 * of it. About twice the transactions seed 1 takes to find the twin's bugs, and at least 100.
 */
// LeakyBank's leak after 1,789 transactions, ReentrantBank's re-entry after 254.
const BANK = '3000x';
// TokenSkipsAllowance's theft after 471, TokenAllowanceWrap's after 296.
const TOKEN = '1000x';
// WrappedEtherUncheckedBurn's leak after 395, WrappedEtherSkipsAllowance's theft after 228.
const WRAPPED_ETHER = '800x';
// ReentrantBank's re-entry after 254.
const GUARDED_BANK = '500x';
// Killable's selfdestruct after 5, Forwarder's delegatecall after 9; MockToken renamed (judged then)
// has another's tokens burnt after 11.
const SMALL = '100x';

/** A bug's campaign stops at its finding (its budget bounds when it must come); a safe twin runs the whole budget. */
async function fuzz(file: string, budget: string, until?: 'finding', seed = 1): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/oracles/${file}`], { budget: parseBudget(budget), seed, stopWhen: until });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return report;
}

/**
 * `calls`: the functions of the shortest sequence; `through attacker` marks one made through Lookout's
 * attacker; `setupInAnyOrder` when the calls before the last set up independent state, so that every
 * order of them is as short (which one a campaign meets first is its trajectory's business). `seed`:
 * where seed 1 is a long draw for this case alone.
 */
const bugs: {
  file: string;
  budget: string;
  seed?: number;
  kind: ReportFinding['kind'];
  at: string;
  calls: string[];
  setupInAnyOrder?: boolean;
  message: RegExp;
}[] = [
  // Campaigns on LeakyBank call the attacker too (it pays out); shrinking shows the leak as plain calls.
  {
    file: 'LeakyBank.sol',
    budget: BANK,
    kind: 'ether-leak',
    at: 'LeakyBank.sol:21',
    calls: ['deposit()', 'withdraw(uint256)'],
    message: /^(alice|bob) took out 1 wei more than it sent in, paid by leakyBank$/,
  },
  {
    file: 'TokenSkipsAllowance.sol',
    budget: TOKEN,
    kind: 'token-theft',
    at: 'TokenBase.sol:36',
    calls: ['transferFrom(address,address,uint256)'],
    message: /^tokenSkipsAllowance: transferFrom moved \d+ of (deployer|alice|bob)'s balance in a transaction from (alice|bob), with an allowance of 0$/,
  },
  {
    file: 'TokenAllowanceWrap.sol',
    budget: TOKEN,
    kind: 'token-theft',
    at: 'TokenAllowanceWrap.sol:15',
    calls: ['transferFrom(address,address,uint256)'],
    message: /^tokenAllowanceWrap: allowance\((deployer|alice|bob), (alice|bob)\) rose from 0 to type\(uint256\)\.max/,
  },
  // Alice and bob hold wrapped ether from the start (they deposited when the campaign was funded), so one
  // call shows it: a spender with no allowance moves their tokens (seed 1 meets it as Lookout's attacker,
  // forwarding alice's call: the attacker is the spender).
  {
    file: 'WrappedEtherSkipsAllowance.sol',
    budget: WRAPPED_ETHER,
    kind: 'token-theft',
    at: 'WrappedEtherBase.sol:43',
    calls: ['transferFrom(address,address,uint256) through attacker'],
    message: /^wrappedEtherSkipsAllowance: (transferFrom )?moved \d+ of (alice|bob)'s balance in a transaction from (alice|bob), with an allowance of 0$/,
  },
  // Only an amount between bob's deposit and the token's ether leaks: the dictionary's observed amounts
  // give "one more than my balance" (1,000 ether + 1 wei).
  // The amount is one draw among many: over seeds 1–40 (`BENCH_ONLY=leak BENCH_SEEDS=40`) the campaign
  // needs a median of 1,218 transactions, 3,000 or fewer on 30 seeds, 10,000 or fewer on 38 (DDSF off:
  // 1,100, 29 and 38; when the storage-state rule counted every slot the last call read, not only those
  // earlier calls set up: 2,512, 22 and 34; with follow-ups on every value a function compared, before
  // they waited for a confirmed guard: 3,446, 18 and 33). Since the attacker sits at a fixed address
  // (issue 31), seeds 1–6 need 7,127, 676, 356, 514, 5,900 and 220 (before: 665, 5,053, 221, 978, 2,027
  // and 3,783): this case runs seed 2, twice what it needs.
  {
    file: 'WrappedEtherUncheckedBurn.sol',
    budget: '1400x',
    seed: 2,
    kind: 'ether-leak',
    at: 'WrappedEtherUncheckedBurn.sol:25',
    calls: ['withdraw(uint256)'],
    message: /^(alice|bob) took out 1 wei more than it sent in, paid by wrappedEtherUncheckedBurn$/,
  },
  {
    file: 'Killable.sol',
    budget: SMALL,
    kind: 'unprotected-selfdestruct',
    at: 'Killable.sol:16',
    calls: ['close()'],
    message: /^SELFDESTRUCT of killable executed by (alice|bob)/,
  },
  {
    file: 'ReentrantBank.sol',
    budget: GUARDED_BANK,
    kind: 'reentrancy',
    at: 'ReentrantBank.sol:21',
    // The sender's deposit fills the bank the re-entered withdraw() pays out of, before or after the attacker's.
    calls: ['deposit()', 'deposit() through attacker', 'withdraw() through attacker'],
    setupInAnyOrder: true,
    message:
      /^reentrantBank was re-entered through withdraw\(\) by the attacker it called: the attacker gained 2 wei, against 1 wei for the same calls made one after the other$/,
  },
  {
    file: 'Forwarder.sol',
    budget: SMALL,
    kind: 'controlled-delegatecall',
    at: 'Forwarder.sol:14',
    calls: ['execute(address,bytes)'],
    message: /^DELEGATECALL from forwarder to (0x[0-9a-fA-F]{40}|address\(0\)), an address (alice|bob) passed in$/,
  },
];

describe.each(bugs)('$file', (bug) => {
  let report: Report;

  beforeAll(async () => {
    report = await fuzz(bug.file, bug.budget, 'finding', bug.seed);
  });

  it(`is found as ${bug.kind}, with the minimal sequence`, () => {
    expect(report.findings).toHaveLength(1);
    const [finding] = report.findings;
    expect(finding).toMatchObject({ kind: bug.kind, panicCode: null });
    expect(`${finding.file?.replace('__fixtures__/oracles/', '')}:${finding.line}`).toBe(bug.at);
    expect(finding.message).toMatch(bug.message);
    // The header's function: the last call's, or for reentrancy the re-entered one.
    expect(finding.function).toBe(bug.calls[bug.calls.length - 1].replace(' through attacker', ''));
    const calls = finding.sequence.map((c) => (c.attacker ? `${c.function} through attacker` : c.function));
    const canonical = (named: string[]) => (bug.setupInAnyOrder ? [...named.slice(0, -1).sort(), ...named.slice(-1)] : named);
    expect(canonical(calls)).toEqual(canonical(bug.calls));
  });
});

// WrappedEther.sol: withdrawing the ether a sender deposited when it was funded (or one wei more) is no leak.
describe.each([
  { file: 'Bank.sol', budget: BANK },
  { file: 'Token.sol', budget: TOKEN },
  { file: 'MockToken.sol', budget: SMALL },
  { file: 'WrappedEther.sol', budget: WRAPPED_ETHER },
  { file: 'KillableSafe.sol', budget: SMALL },
  { file: 'ForwarderSafe.sol', budget: SMALL },
  { file: 'GuardedBank.sol', budget: GUARDED_BANK },
])('safe twin $file', ({ file, budget }) => {
  it('reports nothing at the same budget', async () => {
    const report = await fuzz(file, budget);
    expect(report.findings).toEqual([]);
    expect(report.stats.transactions).toBeGreaterThanOrEqual(Number.parseInt(budget, 10));
  });
});

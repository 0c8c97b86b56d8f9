/**
 * Issue 29, item 3: an ether leak is the fuzzer's accounts getting ether that was not theirs. Ether
 * one sender gives another (a pull payment, an escrow's payee, a vesting beneficiary the deployer
 * named, an owner sweeping to a sender) is silent; draining a deposit paid for someone else, or taking
 * over a treasury and sweeping it, is found. `lookout fuzz` with a fixed seed and a transaction budget.
 */
import { parseBudget } from '../../src/config/budget.js';
import { fuzzConfig } from '../../src/config/defaults.js';
import { namedAccounts } from '../../src/evm/index.js';
import { memoryLogger } from '../../src/logger.js';
import { runPipeline } from '../../src/run/pipeline.js';
import type { Report } from '../../src/report/types.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

/** Seed 1 finds the bugs after 405 and 539 transactions: the safe twins run about twice that. */
const BUDGET = 1100;

async function fuzz(file: string, until?: 'finding'): Promise<Report> {
  const config = fuzzConfig(REPO_ROOT, [`__fixtures__/payments/${file}`], { budget: parseBudget(`${BUDGET}x`), seed: 1, stopWhen: until });
  const { report } = await runPipeline(config, { logger: memoryLogger() });
  return report;
}

describe.each([
  { file: 'PullPaymentOverdraw.sol', line: 21, last: 'claim(uint256)' },
  { file: 'TreasuryTakeover.sol', line: 33, last: 'sweep(address)' },
])('$file', ({ file, line, last }) => {
  it('is found as an ether leak of a sender nobody paid, at the payment', async () => {
    const report = await fuzz(file, 'finding');
    expect(report.findings.map((f) => [f.kind, f.line, f.function])).toEqual([['ether-leak', line, last]]);
    const [finding] = report.findings;
    expect(finding.message).toMatch(/^(alice|bob) took out [\d.]+ (ether|gwei|wei) more than it sent in, paid by [a-z]\w+$/);
    expect(finding.evidence).toMatchObject({ kind: 'ether-leak', partners: [] });
  });
});

describe.each(['PullPayment.sol', 'Escrow.sol', 'Vesting.sol', 'Treasury.sol'])('safe %s', (file) => {
  it('reports nothing at the same budget: the ether a sender took out was given to it', async () => {
    const report = await fuzz(file);
    expect(report.findings).toEqual([]);
    expect(report.stats.transactions).toBeGreaterThanOrEqual(BUDGET);
  });
});

describe('namedAccounts', () => {
  const alice = 0x20000n;
  const bob = 0x30000n;
  const word = (address: bigint) => address.toString(16).padStart(64, '0');
  const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

  it('finds the accounts whose address is an argument word, from the start given', () => {
    const calldata = bytes(`a9059cbb${word(bob)}${'0'.repeat(62)}05`);
    expect(namedAccounts(calldata, [alice, bob], 4)).toEqual([1]);
    // Out of step with the words, the address is not read.
    expect(namedAccounts(calldata, [alice, bob], 0)).toEqual([]);
  });

  it('does not take a word with high bytes set for an address', () => {
    expect(namedAccounts(bytes(`ff${word(alice).slice(2)}`), [alice], 0)).toEqual([]);
  });
});

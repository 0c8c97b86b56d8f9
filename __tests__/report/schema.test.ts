import { parseReport } from '../../src/report/schema.js';
import type { Report } from '../../src/report/types.js';
import { ALICE, AUCTION, finding, report, target } from './sampleReport.js';

/** Every optional field required, all the way down: adding a field to Report breaks this file until the complete report has it. */
type Complete<T> = T extends readonly (infer E)[] ? Complete<E>[] : T extends object ? { [K in keyof T]-?: Complete<Exclude<T[K], undefined>> } : T;

/** A report holding every field the types declare: reading it back must keep all of them. */
const complete: Complete<Report> = {
  ...report(),
  stats: {
    elapsedMs: 4000.5,
    sequences: 900,
    transactions: 23587,
    transactionsPerSecond: 5897.25,
    analysisMs: 120,
    fuzzMs: 3500,
    inputsKept: 40,
    prediction: { oneShot: 10, oneShotHits: 4, oneShotSuccessRate: 0.4, iterated: 3, iteratedHits: 1 },
    budgetPlan: {
      total: { seconds: 120, executions: null },
      workers: 2,
      campaigns: [{ campaign: 'Auction', fuzz: { seconds: 90, executions: null }, shrinkMs: 5000, workers: [{ seconds: 90, executions: null }] }],
      comparison: { kind: 'seconds', duringShare: 0.1, afterMs: 3000 },
      unbudgeted: ['compiling'],
    },
    behaviourDiff: { compared: 120, shrinkReplays: 37 },
  },
  seeds: { dirs: ['echidna'], loaded: 3, dropped: { missingFunction: 1, undecodable: 0, unreadable: 1 } },
  corpus: {
    dir: '/work/.lookout-corpus',
    start: 'warm',
    loaded: 41,
    replayed: 37,
    dropped: { missingFunction: 2, undecodable: 1, reverted: 1 },
    saved: 44,
    problems: ['.lookout-corpus/src/Auction.sol/Auction.json: version 2 is not one this Lookout reads (1)'],
    cache: { key: 'lookout-corpus-acme/auction-main-0123456789abcdef', restoredKey: 'lookout-corpus-acme/auction-main-fedcba9876543210', unavailable: 'none' },
  },
  shard: { index: 2, count: 3 },
  revisions: { head: '1111111111111111111111111111111111111111', mergeBase: '2222222222222222222222222222222222222222' },
  build: { compilers: [{ version: '0.8.17', source: 'svm', settings: { optimizer: { enabled: false } }, files: ['src/Auction.sol'] }] },
  deployments: [
    {
      contract: 'Auction',
      file: 'src/Auction.sol',
      address: AUCTION,
      from: 'synthesised',
      args: ['1'],
      value: '0',
      deployer: 'deployer',
      skipped: null,
      source: 'synthesised',
    },
  ],
  senders: [{ name: 'alice', address: ALICE }],
  targets: [
    {
      ...target('src/Auction.sol', 30, 'unreached'),
      missedBranch: { file: 'src/Auction.sol', line: 28, condition: 'amount > limit' },
      removed: { from: 29, to: 31 },
      reachedByCorpus: false,
    },
  ],
  findings: [
    {
      ...finding(),
      evidence: {
        kind: 'token-theft',
        token: AUCTION,
        tokenName: 'Token',
        decimals: 18,
        sender: ALICE,
        theft: 'balance',
        holder: AUCTION,
        amount: '5',
        allowance: '0',
        transferFrom: true,
      },
      libraryLine: { file: 'lib/token/src/ERC20.sol', line: 187 },
      besidePreExisting: true,
      executesChangedLines: true,
      enteredLines: [{ file: 'src/Auction.sol', line: 37 }],
      sequence: finding().sequence.map((call) => ({ ...call, contract: 'Auction', address: AUCTION, attacker: { reenters: { function: 'bid()', args: [] } } })),
      behaviour: {
        difference: 'outcome',
        base: 'reverts',
        head: 'succeeds',
        grade: 'returns',
        group: 'src/Auction.sol:Auction.settle(uint256)/returns',
        representative: true,
        linkedTo: 0,
      },
      reproducer: {
        file: 'Auction.panic.t.sol',
        contract: 'AuctionPanicTest',
        source: '// SPDX-License-Identifier: UNLICENSED',
        base: { file: 'LookoutBase.sol', source: '// SPDX-License-Identifier: UNLICENSED' },
        verified: true,
        reason: null,
        runs: [{ runner: 'lookout', revision: 'head', outcome: 'failed', reason: 'panic 0x32' }],
      },
      harness: { file: 'test/Auction.t.sol', contract: 'AuctionTest' },
    },
  ],
  interrupted: true,
  errors: ['src/B.sol:3:1: ParserError'],
  buildErrors: [{ file: 'src/B.sol', line: 3, message: 'ParserError' }],
  base: 'compared',
};

/** The sample report with one field replaced, as JSON would carry it. */
function tampered(edit: (json: any) => void): unknown {
  const json = JSON.parse(JSON.stringify(report()));
  edit(json);
  return json;
}

describe('parseReport', () => {
  it('reads back a report holding every field, unchanged', () => {
    expect(parseReport(JSON.parse(JSON.stringify(complete)))).toEqual({ ok: true, report: complete });
  });

  it('reads back the renderer tests’ sample report', () => {
    expect(parseReport(tampered(() => undefined))).toEqual({ ok: true, report: report() });
  });

  it('reads a report an older Lookout wrote, without `interrupted`, as one that ran to its end', () => {
    expect(parseReport(tampered((r) => delete r.interrupted))).toEqual({ ok: true, report: report() });
  });

  it('drops fields the schema does not know, so nothing unchecked reaches a renderer', () => {
    const parsed = parseReport(tampered((r) => (r.findings[0].note = '<img src=x>')));
    expect(parsed.ok && 'note' in parsed.report.findings[0]).toBe(false);
  });

  it.each([
    ['a seed that is not a number', tampered((r) => (r.seed = '<img src=x>')), /^seed: /],
    ['a line that is not an integer', tampered((r) => (r.targets[0].line = '1</details>@admin')), /^targets\[0\]\.line: /],
    ['a fractional line', tampered((r) => (r.findings[1].line = 38.5)), /^findings\[1\]\.line: /],
    ['a finding kind from no oracle', tampered((r) => (r.findings[0].kind = 'rug-pull')), /^findings\[0\]\.kind: .*"assertion"/],
    ['a target status from no list', tampered((r) => (r.targets[0].status = 'pwned')), /^targets\[0\]\.status: /],
    [
      'a call value that is not a decimal',
      tampered((r) => (r.findings[0].sequence[0].value = '1e18')),
      /^findings\[0\]\.sequence\[0\]\.value: expected a decimal integer string$/,
    ],
    ['a message that is not a string', tampered((r) => (r.findings[0].message = ['<img src=x>'])), /^findings\[0\]\.message: /],
    ['another schema version', tampered((r) => (r.schemaVersion = 2)), /^schemaVersion: /],
    ['a report that is not an object', '<img src=x>', /^\(the report\): /],
  ])('refuses %s, naming the field', (_name, json, problem) => {
    expect(parseReport(json)).toEqual({ ok: false, problems: [expect.stringMatching(problem)] });
  });

  it('lists five problems and counts the rest', () => {
    const parsed = parseReport(tampered((r) => r.targets.forEach((t: any) => (t.line = String(t.line)))));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual([...[0, 1, 2, 3, 4].map((i) => expect.stringMatching(`^targets\\[${i}\\]\\.line: `)), 'and 6 more']);
  });
});

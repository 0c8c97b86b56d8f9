import { checkTitle } from '../../src/github/publish.js';
import { headline } from '../../src/report/headline.js';
import { changedLineCounts, countsText } from '../../src/report/lineStatus.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderSummary } from '../../src/report/summary.js';
import { renderText } from '../../src/report/text.js';
import { budgetText, count, duration } from '../../src/abi/vocabulary.js';
import { finding, report, target } from './sampleReport.js';

describe('headline', () => {
  it('tells the truth first: build failure, introduced, unknown origin, behaviour changes, untested lines, then the rest', () => {
    // In a function no finding's sequence calls: a note of its own, not one under a finding.
    const change = finding({
      kind: 'behaviour-change',
      panicCode: null,
      function: 'cancel()',
      behaviour: { difference: 'outcome', base: 'a', head: 'b', grade: 'returns' },
    });
    const items = headline(
      report({
        base: 'does-not-build',
        errors: ['src/A.sol:3:5: ParserError: Expected ;'],
        buildErrors: [
          { file: 'src/A.sol', line: 3, message: 'ParserError: Expected ;' },
          { file: 'src/B.sol', line: null, message: 'x' },
        ],
        findings: [finding({ introduced: false }), finding({ introduced: null }), change, finding()],
      }),
    );
    expect(items).toEqual([
      { tone: 'problem', text: 'Build failed: src/A.sol:3: ParserError: Expected ; (and 1 more error)' },
      { tone: 'problem', text: '1 finding introduced by this PR' },
      { tone: 'problem', text: '1 finding of unknown origin: the base revision does not compile, so nothing could be compared with it' },
      { tone: 'note', text: '1 kind of behaviour change from the base' },
      { tone: 'problem', text: '2 changed lines were never executed: src/Auction.sol:30–31' },
      { tone: 'note', text: '1 finding already on the base branch' },
      { tone: 'note', text: '6 of 8 reachable changed lines reached · 1 proven unreachable · 1 no code' },
    ]);
  });

  it('reassures only when nothing is wrong', () => {
    const clean = report({ findings: [], targets: [target('a.sol', 1, 'reached')] });
    expect(headline(clean).map((i) => i.tone)).toEqual(['ok', 'ok']);
    const broken = report({ findings: [], targets: [], errors: ['boom'] });
    expect(headline(broken)).toEqual([{ tone: 'problem', text: 'Lookout could not finish: boom' }]);
  });

  it('says what was measured when it reassures: fuzzing shows failures, not their absence', () => {
    const targets = [target('a.sol', 1, 'reached')];
    const stats = { ...report().stats, transactions: 21_400, elapsedMs: 60_000 };
    expect(headline(report({ findings: [], targets, stats }))[0].text).toBe('No findings in 21,400 transactions (1 min)');
    expect(headline(report({ findings: [finding({ introduced: false })], targets, stats }))[0].text).toBe(
      'No findings introduced by this PR in 21,400 transactions (1 min)',
    );
    expect(headline(report({ findings: [], targets, stats, interrupted: true }))[1].text).toBe('No findings in 21,400 transactions (1 min) so far');
  });

  it('for lookout fuzz (no base) counts findings without talking about a PR', () => {
    const fuzz = report({ base: undefined, targets: [], findings: [finding({ introduced: null })] });
    expect(headline(fuzz)).toEqual([{ tone: 'problem', text: '1 finding' }]);
  });
});

describe('changed-line counts', () => {
  it('count each line once under its best status, unreachable and no-code lines outside the denominator', () => {
    expect(changedLineCounts(report())).toEqual({ reached: 6, reachable: 8, unreached: 2, unreachable: 1, noCode: 1, notFuzzed: 0 });
    expect(countsText(changedLineCounts(report()))).toBe('6 of 8 reachable changed lines reached · 1 proven unreachable · 1 no code');
  });

  it('are the same words in the comment, the check title, the job summary and the terminal', () => {
    const r = report({ targets: [...report().targets, target('src/C.sol', 9, 'not-fuzzed', { reason: 'C is abstract' })] });
    const counts = countsText(changedLineCounts(r));
    expect(counts).toBe('6 of 8 reachable changed lines reached · 1 proven unreachable · 1 not fuzzed · 1 no code');
    for (const output of [renderMarkdown(r), renderSummary(r), renderText(r), checkTitle(r)]) {
      expect(output.replace(/\\/g, '')).toContain(counts);
      // No other count of changed lines (e.g. "10/12") anywhere.
      expect(output).not.toMatch(/\d+\/\d+ changed/);
    }
  });
});

describe('check title', () => {
  it('leads with the first headline item', () => {
    expect(checkTitle(report())).toBe('1 finding introduced by this PR · 6 of 8 reachable changed lines reached · 1 proven unreachable · 1 no code');
    expect(checkTitle(report({ findings: [], targets: [], base: 'compared' }))).toBe('No changed Solidity to fuzz');
    expect(checkTitle(report({ findings: [], targets: [target('a.sol', 1, 'reached')] }))).toBe(
      'No findings in 23,587 transactions (4.0 s) · 1 of 1 reachable changed line reached',
    );
    expect(checkTitle(report({ buildErrors: [{ file: 'a.sol', line: 2, message: 'TypeError: nope' }], errors: ['a.sol:2:1: TypeError: nope'] }))).toMatch(
      /^Build failed: a\.sol:2: TypeError: nope · /,
    );
  });
});

describe('units', () => {
  it.each([
    [400, '0.4 s'],
    [11_155, '11 s'],
    [185_000, '3 min 5 s'],
    [120_000, '2 min'],
    [3_720_000, '1 h 2 min'],
  ])('%d ms is %s', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });

  it('separates thousands and names the budget’s unit', () => {
    expect(count(23_587)).toBe('23,587');
    expect(budgetText({ seconds: null, executions: 50_000 })).toBe('50,000 transactions');
    expect(budgetText({ seconds: 90, executions: null })).toBe('1 min 30 s');
    expect(budgetText({ seconds: null, executions: null })).toBe('unlimited');
  });
});

describe('terminal summary', () => {
  it('says introduced or pre-existing per finding, names senders, and never "No failures found" after an error', () => {
    const text = renderText(report());
    expect(text).toContain('1. [panic 0x32] Auction.settle(uint256) at src/Auction.sol:38 (introduced by this PR): index out of bounds');
    expect(text).toContain('(already on the base branch)');
    expect(text).toContain(
      '   found after 2.2 s (812 tx); reproduce with 2 transactions:\n   1. alice: auction.bid{value: 1.5 ether}()\n   2. after 1 h and 1 block: bob: auction.settle(type(uint256).max - 4)',
    );
    expect(text).toContain('lookout: 900 sequences, 23,587 transactions in 4.0 s (5,897/s), budget 2 min, seed 1');
    const failed = renderText(report({ findings: [], targets: [], errors: ['src/A.sol:1:1: ParserError: x'] }));
    expect(failed).toContain('✗ Lookout could not finish: src/A.sol:1:1: ParserError: x');
    expect(failed).not.toMatch(/no failures|no findings/i);
  });
});

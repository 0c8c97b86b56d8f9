import { MAX_SUMMARY_BYTES, renderSummary, reachOverTime } from '../../src/report/summary.js';
import { finding, report, target } from './sampleReport.js';

describe('renderSummary', () => {
  it('holds everything: headline, stats for people, findings with sequences and calldata, line table and every target', () => {
    const text = renderSummary(report());
    expect(text.startsWith('## Lookout\n\n- **1 finding introduced by this PR**')).toBe(true);
    expect(text).toContain('| 4.0 s | 900 | 23,587 | 5,897 | 0.1 s | 2 min | 1 |');
    expect(text).toContain('found after 2.2 s (812 transactions)');
    expect(text).toContain('| 2 | `bob` | after 1 h and 1 block: `auction.settle(type(uint256).max - 4)` |');
    expect(text).toContain('<details><summary>Calldata</summary>\n\n```\n1. 0x1998aeef\n2. 0x8df82800\n```');
    expect(text).toContain('| src/Auction\\.sol | 12–15, 20 | 30–31 | 40 |  | 41 |');
    expect(text).toContain('| file | line | contract | status | instructions | first reached after | after transactions | by sequence number |');
    expect(text).toContain('| src/lib/Math\\.sol | 5 | Market | reached | 1 | 3.0 s | 35 | 5 |');
    expect(text.indexOf('### Findings')).toBeLessThan(text.indexOf('### Changed lines'));
    expect(text).not.toContain('mermaid');
  });

  it('tabulates reachable changed lines first reached over the run, each line once', () => {
    const targets = [
      target('a.sol', 1, 'reached', { firstReachedMs: 0 }),
      target('a.sol', 2, 'reached', { firstReachedMs: 1000 }),
      target('a.sol', 2, 'reached', { contract: 'Other', firstReachedMs: 1500 }),
      target('a.sol', 3, 'unreached'),
      target('a.sol', 4, 'no-code'),
      target('a.sol', 5, 'unreachable'),
    ];
    const table = reachOverTime(report({ targets, stats: { ...report().stats, elapsedMs: 3000 } }))!;
    expect(table.split('\n')).toEqual(['| after | reachable changed lines reached |', '| --- | --- |', '| 0.5 s | 1 of 3 |', '| 1.0 s | 2 of 3 |']);
  });

  it('has no table when the count never changed over the run', () => {
    const targets = [target('a.sol', 1, 'reached', { firstReachedMs: 0 }), target('a.sol', 2, 'reached', { firstReachedMs: 100 })];
    expect(reachOverTime(report({ targets, stats: { ...report().stats, elapsedMs: 60_000 } }))).toBeUndefined();
    expect(reachOverTime(report({ targets: [target('a.sol', 1, 'unreached')] }))).toBeUndefined();
  });

  it('does not link to itself (the workflow run’s page shows it)', () => {
    const text = renderSummary(report(), { headSha: 'abc1234def', repoUrl: 'https://github.com/acme/auction' });
    expect(text).toContain('<sub>head [abc1234](https://github.com/acme/auction/commit/abc1234def) · ran 4.0 s · budget 2 min · seed 1</sub>');
    expect(text).not.toContain('actions/runs');
  });

  it('keeps reproducers for failing findings only (a note’s is in the artifact)', () => {
    const reproducer = { file: 'Repro.t.sol', contract: 'Repro', source: 'contract Repro {}', verified: true, reason: null, runs: [] };
    const change = finding({
      kind: 'behaviour-change',
      function: 'cancel()',
      reproducer,
      behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
    });
    const text = renderSummary(report({ findings: [finding({ reproducer }), change] }));
    expect(text.match(/contract Repro \{\}/g)).toHaveLength(1);
  });

  it('stays under the line cap, counting what it left out', () => {
    const findings = Array.from({ length: 60 }, (_, i) => finding({ line: i + 1, foundMs: i, foundTransactions: i }));
    const text = renderSummary(report({ findings }), {}, MAX_SUMMARY_BYTES, 300);
    expect(text.split('\n').length).toBeLessThanOrEqual(300);
    expect(text).toMatch(/> - …and \d+ more findings\n> - …and the table of every target$/);
    expect(text).toContain('#### 1. panic 0x32 in');
    // Smaller blocks after the findings left out still fit.
    expect(text).toContain('### Changed lines');
  });

  it('has no table without lines that hold code', () => {
    expect(reachOverTime(report({ targets: [] }))).toBeUndefined();
  });

  it('stays under the byte cap by leaving out whole blocks, findings last', () => {
    const targets = Array.from({ length: 20_000 }, (_, i) => target('src/Big.sol', i + 1, 'unreached'));
    const text = renderSummary(report({ targets, findings: [finding()] }), {}, 200_000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200_000);
    expect(text).toContain('### Findings');
    expect(text).toContain('the JSON report and the report artifact have everything');
  });
});

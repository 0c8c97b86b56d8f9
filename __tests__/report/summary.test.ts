import { reachChart, renderSummary } from '../../src/report/summary.js';
import { finding, report, target } from './sampleReport.js';

describe('renderSummary', () => {
  it('holds everything: stats, findings with calldata, chart, line table and every target', () => {
    const text = renderSummary(report());
    expect(text).toContain('| 4.0s | 900 | 2700 | 675 | 0.1s | 120s | 1 |');
    expect(text).toContain('calldata 0x1998aeef');
    expect(text).toContain('```mermaid\nxychart-beta');
    expect(text).toContain('| src/Auction\\.sol | 12–15, 20 | 30–31 | 40 |  | 41 |');
    expect(text).toContain('| src/lib/Math\\.sol | 5 | Market | reached | 1 | 3000 | 5 |');
    expect(text.indexOf('### Findings')).toBeLessThan(text.indexOf('### Changed lines'));
  });

  it('charts cumulative targets reached over the run', () => {
    const targets = [target('a.sol', 1, 'reached', { firstReachedMs: 0 }), target('a.sol', 2, 'reached', { firstReachedMs: 1000 }), target('a.sol', 3, 'unreached'), target('a.sol', 4, 'no-code')];
    const chart = reachChart(report({ targets, stats: { ...report().stats, elapsedMs: 2000 } }))!;
    expect(chart).toContain('y-axis "targets reached" 0 --> 3');
    expect(chart).toContain('x-axis "time" ["0.0s", "0.1s", ');
    const counts = JSON.parse(chart.match(/line (\[.*\])/)![1]) as number[];
    expect(counts).toHaveLength(21);
    expect([counts[0], counts[9], counts[10], counts[20]]).toEqual([1, 1, 2, 2]);
  });

  it('has no chart without targets', () => {
    expect(reachChart(report({ targets: [] }))).toBeUndefined();
  });

  it('stays under the byte cap by leaving out whole blocks, findings last', () => {
    const targets = Array.from({ length: 20_000 }, (_, i) => target('src/Big.sol', i + 1, 'unreached'));
    const text = renderSummary(report({ targets, findings: [finding()] }), 200_000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200_000);
    expect(text).toContain('### Findings');
    expect(text).toContain('1 MiB limit');
  });
});

import { renderMarkdown, REPORT_MARKER } from '../../src/report/markdown.js';
import { finding, report, target } from './sampleReport.js';

const links = { repoUrl: 'https://github.com/acme/auction', headSha: 'abc123' };

describe('renderMarkdown', () => {
  it('starts with the marker and a one-line summary', () => {
    const text = renderMarkdown(report());
    expect(text.startsWith(`${REPORT_MARKER}\n`)).toBe(true);
    // Math.sol:5 is reached through Market, so it counts as reached; no-code lines are not counted.
    expect(text).toContain(
      '**1 finding introduced by this PR** · 1 already on the base branch · 6/9 changed lines reached · 1 unreachable · budget 120s · seed 1',
    );
  });

  it('groups consecutive lines of each file into ranges by status', () => {
    const text = renderMarkdown(report());
    expect(text).toContain('| src/Auction\\.sol | 12–15, 20 | 30–31 | 40 |  | 41 |');
    expect(text).toContain('| src/lib/Math\\.sol | 5 |  |  |  |');
  });

  it('lists findings most important first with provenance, link and sequence', () => {
    const text = renderMarkdown(report({ findings: [finding({ introduced: false, line: 20 }), finding({ introduced: null, line: 21 }), finding()] }), links);
    const order = ['introduced by this PR', 'base could not be built', 'already on the base branch'].map((s) => text.indexOf(`**${s}**`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('[src/Auction\\.sol:38](https://github.com/acme/auction/blob/abc123/src/Auction.sol#L38)');
    expect(text).toContain('1. bid() from 0x1000000000000000000000000000000000000001 value=1000\n2. settle(7) from 0x1000000000000000000000000000000000000002');
  });

  it('says when a finding’s sequence runs none of the changed lines', () => {
    expect(renderMarkdown(report({ findings: [finding({ executesChangedLines: false })] }))).toContain('Its sequence does not execute any changed line.');
    expect(renderMarkdown(report({ findings: [finding({ executesChangedLines: true })] }))).not.toContain('does not execute');
  });

  it('encodes file names in links so they cannot end the link early', () => {
    const text = renderMarkdown(report({ findings: [finding({ file: 'src/a b)(x.sol' })] }), links);
    expect(text).toContain('(https://github.com/acme/auction/blob/abc123/src/a%20b%29%28x.sol#L38)');
  });

  it('shows behaviour changes in their own short section, at most five kinds, apart from the failures', () => {
    const change = (fn: string, difference: string) =>
      finding({ kind: 'behaviour-change', panicCode: null, function: fn, message: '', behaviour: { difference, base: 'reverts with Panic 0x11', head: 'succeeds' } });
    const changes = ['a()', 'b()', 'c()', 'd()', 'e()', 'f()'].map((fn) => change(fn, 'outcome'));
    const text = renderMarkdown(report({ findings: [finding(), ...changes, change('a()', 'outcome')] }));
    expect(text).toContain('**1 finding introduced by this PR**');
    expect(text).toContain('6 kinds of behaviour change');
    expect(text).toContain('#### Behaviour changes');
    expect(text).toContain('- **Auction\\.a\\(\\) · outcome** (2 examples): base reverts with Panic 0x11; head succeeds');
    expect(text).not.toContain('Auction\\.f\\(\\) · outcome');
    expect(text).toContain('…and 1 more kind in the job summary.');
    // The failures list holds the one failure only.
    expect(text.match(/\*\*\d+\. /g)).toHaveLength(1);
  });

  it('says the report is clean when nothing was found', () => {
    const text = renderMarkdown(report({ findings: [], targets: [] }));
    expect(text).toContain('no findings introduced by this PR · 0 already on the base branch · 0/0 changed lines reached');
    expect(text).not.toContain('#### Findings');
  });

  describe('repository strings cannot inject markdown, HTML or mentions', () => {
    const contract = 'Evil</summary></details><img src=x onerror=alert(1)>`|[x](https://evil.example)';
    const message = 'boom\n\n## Approved by @octocat\n<script>alert(1)</script> | *bold* _it_ ![i](https://evil.example/i.png) ```';
    const text = renderMarkdown(
      report({
        targets: [target('src/Evil|<b>.sol', 3, 'reached', { contract })],
        findings: [finding({ contract, message, file: 'src/Evil|<b>.sol', sequence: [{ sender: '0x01', function: 'f(string)', args: ['```\n## x <img>'], value: '0', calldata: '0x' }] })],
      }),
      links,
    );

    it('leaves no raw tag, link, image, heading or mention from the repository', () => {
      const prose = text.replace(/^(`{3,})\n[\s\S]*?\n\1$/gm, '');
      expect(prose).not.toMatch(/(?<!\\)<(img|script|b>)/);
      expect(prose.match(/(?<!\\)<\/details>/g)).toHaveLength(1);
      expect(prose.match(/(?<!\\)<\/summary>/g)).toHaveLength(1);
      expect(prose).not.toMatch(/[^\\]\]\(https:\/\/evil/);
      expect(prose).not.toMatch(/^## /m);
      expect(prose).not.toMatch(/@octocat/);
      expect(text).toContain('@&#8203;octocat');
    });

    it('keeps the table row intact and the sequence inside a fence it cannot close', () => {
      const row = text.split('\n').find((line) => line.startsWith('| src/Evil'))!;
      expect(row.split(/(?<!\\)\|/).length).toBe(8);
      // The arg holds a ``` run, so the block is fenced with four backticks.
      expect(text).toContain('````\n1. f("```\\n## x <img>") from 0x01\n````');
    });
  });

  describe('truncation', () => {
    const bigFile = Array.from({ length: 400 }, (_, i) => target('src/Big.sol', 1 + i * 2, i % 2 ? 'reached' : 'unreached'));
    const small = [target('src/Small.sol', 1, 'unreached'), target('src/Small.sol', 3, 'reached')];
    const findings = Array.from({ length: 30 }, (_, i) =>
      finding({ introduced: i === 29, foundMs: i, line: i + 1, message: `failure ${i}`, sequence: Array(10).fill(finding().sequence[0]) }),
    );
    const big = report({ targets: [...bigFile, ...small], findings });
    const full = renderMarkdown(big);

    it('fits under the limit and points to the job summary', () => {
      const text = renderMarkdown(big, { maxLength: 12_000, summaryUrl: 'https://github.com/acme/auction/actions/runs/1' });
      expect(full.length).toBeGreaterThan(20_000);
      expect(text.length).toBeLessThanOrEqual(12_000);
      expect(text.startsWith(REPORT_MARKER)).toBe(true);
      expect(text).toContain('[job summary](https://github.com/acme/auction/actions/runs/1)');
    });

    it('turns the biggest file’s line lists into counts first', () => {
      const filesOnly = report({ targets: [...bigFile, ...small], findings: [] });
      const text = renderMarkdown(filesOnly, { maxLength: renderMarkdown(filesOnly).length - 500 });
      expect(text).toContain('| src/Big\\.sol | 200 lines | 200 lines |');
      expect(text).toContain('| src/Small\\.sol | 3 | 1 |');
    });

    it('then drops the sequences of the least important findings', () => {
      const text = renderMarkdown(big, { maxLength: 12_000 });
      // The introduced finding (found last) keeps its sequence; pre-existing ones lose theirs first.
      const introduced = text.indexOf('**introduced by this PR**');
      expect(text.indexOf('<details>', introduced)).toBeGreaterThan(introduced);
      expect(text).toContain('Reproduces with 10 transactions (sequence in the job summary).');
    });

    it('drops whole findings and files only when it must, saying how many', () => {
      const text = renderMarkdown(big, { maxLength: 2_000 });
      expect(text.length).toBeLessThanOrEqual(2_000);
      expect(text).toMatch(/…and \d+ more findings\./);
      expect(text).toContain('**introduced by this PR**');
    });

    it('degrades by whole parts at any limit, never cutting text mid-way', () => {
      for (let maxLength = 1_500; maxLength < full.length; maxLength += 997) {
        const text = renderMarkdown(big, { maxLength });
        expect(text.length).toBeLessThanOrEqual(maxLength);
        const body = text.slice(0, text.indexOf('\n\n> [!NOTE]'));
        expect(body).toMatch(/(\|\n?|<\/details>|\.)$/);
        // Rendering at exactly the produced length changes nothing (the running length is exact).
        expect(renderMarkdown(big, { maxLength: text.length })).toBe(text);
      }
    });

    it('is unchanged when it fits', () => {
      expect(renderMarkdown(big, { maxLength: full.length })).toBe(full);
    });
  });
});

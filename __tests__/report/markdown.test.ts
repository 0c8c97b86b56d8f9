import { MAX_COMMENT_LINES, renderMarkdown, REPORT_MARKER } from '../../src/report/markdown.js';
import { finding, report, target } from './sampleReport.js';

const links = { repoUrl: 'https://github.com/acme/auction', headSha: 'abc123' };

describe('renderMarkdown', () => {
  it('starts with the marker, then the headline: problems first, the reassuring part and the counts last', () => {
    const text = renderMarkdown(report());
    expect(text.startsWith(`${REPORT_MARKER}\n### Lookout\n\n`)).toBe(true);
    // Math.sol:5 is reached through Market, so it counts as reached; proven-unreachable and no-code lines are not reachable.
    expect(text).toContain(
      [
        '- **1 finding introduced by this PR**',
        '- **2 changed lines were never executed: src/Auction\\.sol:30–31**',
        '- 1 finding already on the base branch',
        '- 6 of 8 reachable changed lines reached · 1 proven unreachable · 1 no code',
      ].join('\n'),
    );
  });

  it('puts a build failure first, with its file and line, and never says all is well after an error', () => {
    const text = renderMarkdown(
      report({
        findings: [],
        targets: [target('src/A.sol', 3, 'not-fuzzed', { reason: 'src/A.sol does not compile' })],
        errors: ['src/A.sol:3:5: ParserError: Expected ;'],
        buildErrors: [{ file: 'src/A.sol', line: 3, message: 'ParserError: Expected ;' }],
      }),
    );
    const headline = text.split('\n').filter((l) => l.startsWith('- '));
    expect(headline[0]).toBe('- **Build failed: src/A\\.sol:3: ParserError: Expected ;**');
    expect(headline[1]).toBe('- **1 changed line not fuzzed \\(src/A\\.sol does not compile\\): src/A\\.sol:3**');
    expect(text).not.toMatch(/no findings/i);
  });

  it('says why an origin is unknown, and how to fix a shallow checkout', () => {
    const text = renderMarkdown(report({ base: 'not-fetched', findings: [finding({ introduced: null })] }));
    expect(text).toContain(
      '- **1 finding of unknown origin: the base branch was not fetched \\(shallow checkout\\); set fetch\\-depth: 0 on actions/checkout**',
    );
    expect(text).toContain('— **origin unknown: base not fetched**');
    expect(text).not.toContain('base could not be built');
  });

  it('gives context: the head commit linked, how long it ran, the budget, and one link to the run and its job summary', () => {
    const text = renderMarkdown(report(), { ...links, headSha: 'abc1234def5678', summaryUrl: 'https://github.com/acme/auction/actions/runs/42' });
    expect(text).toContain(
      '<sub>head [abc1234](https://github.com/acme/auction/commit/abc1234def5678) · ran 4.0 s · budget 2 min · seed 1 · ' +
        '[workflow run and job summary](https://github.com/acme/auction/actions/runs/42)</sub>',
    );
  });

  it('groups consecutive lines of each file into ranges by status', () => {
    const text = renderMarkdown(report());
    expect(text).toContain('| src/Auction\\.sol | 12–15, 20 | 30–31 | 40 |  | 41 |');
    expect(text).toContain('| src/lib/Math\\.sol | 5 |  |  |  |');
  });

  it('names the lines a deletion removed where its stand-in line would be', () => {
    const targets = [
      target('src/Token.sol', 12, 'reached'),
      target('src/Token.sol', 13, 'reached'),
      target('src/Token.sol', 14, 'reached', { removed: { from: 14, to: 15 } }),
      target('src/Token.sol', 15, 'reached'),
      target('src/Token.sol', 30, 'unreached', { removed: { from: 31, to: 31 } }),
    ];
    const text = renderMarkdown(report({ targets, findings: [] }));
    expect(text).toContain('| src/Token\\.sol | 12–13, removed lines 14–15 \\(before line 14\\), 15 | removed line 31 \\(before line 30\\) |');
    expect(text).toContain('- **1 changed line was never executed: src/Token\\.sol: removed line 31 \\(before line 30\\)**');
  });

  it('lists findings most important first with provenance, link and a sequence table people can replay', () => {
    const text = renderMarkdown(
      report({ base: 'does-not-build', findings: [finding({ introduced: false, line: 20 }), finding({ introduced: null, line: 21 }), finding()] }),
      links,
    );
    const order = ['introduced by this PR', 'origin unknown: base does not compile', 'already on the base branch'].map((s) => text.indexOf(`**${s}**`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('[src/Auction\\.sol:38](https://github.com/acme/auction/blob/abc123/src/Auction.sol#L38)');
    expect(text).toContain(
      '| # | from | call |\n| --- | --- | --- |\n| 1 | `alice` | `auction.bid{value: 1.5 ether}()` |\n| 2 | `bob` | after 1 h and 1 block: `auction.settle(type(uint256).max - 4)` |',
    );
    expect(text).toContain(
      '`alice` = 0x0000000000000000000000000000000000020000 · `bob` = 0x0000000000000000000000000000000000030000 · `auction` = 0x7a2c1F0cd0A4a2E2D8e5D0F9f7c3b6a1E4d2C9B8',
    );
    // No line of the comment is a long unbreakable code line that scrolls sideways.
    expect(text).not.toMatch(/^```/m);
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
      finding({
        kind: 'behaviour-change',
        panicCode: null,
        function: fn,
        message: '',
        behaviour: { difference, base: 'reverts with Panic 0x11', head: 'succeeds', grade: 'returns' },
      });
    const changes = ['a()', 'b()', 'c()', 'd()', 'e()', 'f()'].map((fn) => change(fn, 'outcome'));
    const text = renderMarkdown(report({ findings: [finding(), ...changes, change('a()', 'outcome')] }));
    expect(text).toContain('**1 finding introduced by this PR**');
    expect(text).toContain('6 kinds of behaviour change');
    expect(text).toContain('#### Behaviour changes');
    expect(text).toContain('- **Auction\\.a\\(\\) · returns** (2 examples): base reverts with Panic 0x11; head succeeds');
    expect(text).not.toContain('Auction\\.f\\(\\) · returns');
    expect(text).toContain('…and 1 more kind of behaviour change in the job summary and the JSON report.');
    // The failures list holds the one failure only.
    expect(text.match(/\*\*\d+\. /g)).toHaveLength(1);
  });

  it('lists the most alarming behaviour changes first: an accepted permits before a changed return, before an event', () => {
    const change = (fn: string, grade: 'permits' | 'returns' | 'events') =>
      finding({ kind: 'behaviour-change', panicCode: null, function: fn, message: '', behaviour: { difference: 'outcome', base: 'a', head: 'b', grade } });
    const text = renderMarkdown(report({ findings: [change('events()', 'events'), change('returns()', 'returns'), change('permits()', 'permits')] }));
    const order = ['permits', 'returns', 'events'].map((fn) => text.indexOf(`Auction\\.${fn}\\(\\)`));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('says the report is clean when nothing was found and every reachable line was reached', () => {
    const text = renderMarkdown(report({ findings: [], targets: [target('src/A.sol', 1, 'reached'), target('src/A.sol', 2, 'unreachable')] }));
    // It says what was measured: fuzzing shows failures, not their absence.
    expect(text).toContain('- No findings in 23,587 transactions \\(4\\.0 s\\)\n- 1 of 1 reachable changed line reached · 1 proven unreachable');
    expect(text).not.toContain('#### Findings');
    expect(renderMarkdown(report({ findings: [], targets: [] }))).toContain('- No changed Solidity to fuzz');
  });

  describe('repository strings cannot inject markdown, HTML or mentions', () => {
    const contract = 'Evil</summary></details><img src=x onerror=alert(1)>`|[x](https://evil.example)';
    const message = 'boom\n\n## Approved by @octocat\n<script>alert(1)</script> | *bold* _it_ ![i](https://evil.example/i.png) ```';
    const text = renderMarkdown(
      report({
        targets: [target('src/Evil|<b>.sol', 3, 'reached', { contract })],
        findings: [
          finding({
            contract,
            message,
            file: 'src/Evil|<b>.sol',
            sequence: [{ sender: '0x01', function: 'f(string)', args: ['```\n## x <img>'], value: '0', calldata: '0x', blockDelay: 0, timeDelay: 0 }],
          }),
        ],
      }),
      links,
    );

    it('leaves no raw tag, link, image, heading or mention from the repository', () => {
      // Code spans show their content literally (no tags, links or mentions inside them).
      const prose = text.replace(/^(`{3,})\n[\s\S]*?\n\1$/gm, '').replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
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
      // The arg holds a ``` run, so the code span is fenced with four backticks; the line break is gone.
      expect(text).toContain('| 1 | `0x01` | ````f("```\\n## x <img>")```` |');
    });
  });

  describe('reading order and the line cap', () => {
    const change = (fn: string) =>
      finding({
        kind: 'behaviour-change',
        panicCode: null,
        function: fn,
        message: '',
        behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
      });
    const notes = ['a()', 'b()', 'c()', 'd()', 'e()'].map(change);
    const failures = Array.from({ length: 40 }, (_, i) =>
      finding({ introduced: i === 39, foundMs: i, foundTransactions: i, line: i + 1, message: `failure ${i}` }),
    );
    const targets = Array.from({ length: 40 }, (_, i) => target(`src/File${i}.sol`, 1, 'reached'));
    const big = report({ findings: [...notes, ...failures], targets });

    it('shows the failing finding (introduced first) before the notes and the changed-lines table', () => {
      const text = renderMarkdown(report({ findings: [...notes.slice(0, 1), finding({ introduced: false, line: 20 }), finding()], targets }), {
        maxLines: Infinity,
      });
      const at = (s: string) => text.indexOf(s);
      expect(at('**introduced by this PR**')).toBeGreaterThan(0);
      expect(at('**introduced by this PR**')).toBeLessThan(at('**already on the base branch**'));
      expect(at('**already on the base branch**')).toBeLessThan(at('#### Behaviour changes'));
      expect(at('#### Behaviour changes')).toBeLessThan(at('#### Changed lines'));
    });

    it('caps a big report at MAX_COMMENT_LINES, saying how many more of each list the job summary holds', () => {
      expect(renderMarkdown(big, { maxLines: Infinity }).split('\n').length).toBeGreaterThan(2 * MAX_COMMENT_LINES);
      const text = renderMarkdown(big);
      expect(text.split('\n').length).toBeLessThanOrEqual(MAX_COMMENT_LINES);
      expect(text).toMatch(/…and \d+ more files in the job summary and the JSON report\./);
      expect(text).toMatch(/…and \d+ more findings in the job summary and the JSON report\./);
      // The introduced finding is kept, first and with its sequence.
      expect(text.indexOf('**1. panic 0x32**')).toBeLessThan(text.indexOf('**introduced by this PR**'));
      expect(text).toContain('Reproduce with 2 transactions');
      expect(text).toContain('Shortened to stay readable in a PR comment');
    });

    it('degrades by whole parts at any line cap, and the line count it keeps is exact', () => {
      for (let maxLines = 40; maxLines < 200; maxLines += 7) {
        const text = renderMarkdown(big, { maxLines });
        expect(text.split('\n').length).toBeLessThanOrEqual(maxLines);
        if (!text.includes('[!NOTE]')) expect(text.split('\n').length).toBeGreaterThan(maxLines - 10);
      }
    });

    it('keeps the sequences of findings that fail the check over rows of the changed-lines table', () => {
      const introduced = [1, 2, 3].map((line) => finding({ line, foundMs: line, foundTransactions: line }));
      const text = renderMarkdown(report({ findings: introduced, targets: Array.from({ length: 80 }, (_, i) => target(`src/F${i}.sol`, 1, 'reached')) }));
      expect(text.split('\n').length).toBeLessThanOrEqual(MAX_COMMENT_LINES);
      expect(text.match(/Reproduce with 2 transactions/g)).toHaveLength(3);
      expect(text).toMatch(/…and \d+ more files in the job summary and the JSON report\./);
    });

    it('writes a reproducer only under a finding that fails the check', () => {
      const reproducer = { file: 'Repro.t.sol', contract: 'Repro', source: 'contract Repro {}', verified: true, reason: null, runs: [] };
      const text = renderMarkdown(
        report({ findings: [finding({ reproducer }), finding({ introduced: false, line: 20, reproducer: { ...reproducer, file: 'test/Old.t.sol' } })] }),
        { maxLines: Infinity },
      );
      expect(text.match(/contract Repro \{\}/g)).toHaveLength(1);
    });

    it("gives reproducers up before any table row or finding, the first finding's last", () => {
      // Three introduced findings with 40-line reproducers and a ten-file table.
      const source = (n: number) => Array.from({ length: 40 }, (_, i) => `// reproducer ${n} line ${i}`).join('\n');
      const introduced = [1, 2, 3].map((n) =>
        finding({
          line: n,
          foundMs: n,
          foundTransactions: n,
          reproducer: { file: `R${n}.t.sol`, contract: `R${n}`, source: source(n), verified: true, reason: null, runs: [] },
        }),
      );
      const text = renderMarkdown(report({ findings: introduced, targets: Array.from({ length: 10 }, (_, i) => target(`src/F${i}.sol`, 1, 'reached')) }));
      expect(text.split('\n').length).toBeLessThanOrEqual(MAX_COMMENT_LINES);
      expect(text).not.toContain('// reproducer');
      expect(text.match(/Foundry reproducer `R\d.t.sol` in the job summary/g)).toHaveLength(3);
      expect(text.match(/Reproduce with 2 transactions/g)).toHaveLength(3);
      expect(text.match(/^\| src\/F\d/gm)).toHaveLength(10);
      // Had every row gone, the table's header would go with them.
      const crowded = renderMarkdown(report({ findings: introduced, targets: Array.from({ length: 10 }, (_, i) => target(`src/F${i}.sol`, 1, 'reached')) }), {
        maxLines: 60,
      });
      expect(crowded).toMatch(/#### Changed lines\n\n…and 10 more files/);
      expect(crowded).not.toContain('| file | reached');
      // One such finding keeps its reproducer.
      const alone = renderMarkdown(report({ findings: introduced.slice(0, 1), targets: [target('src/F0.sol', 1, 'reached')] }));
      expect(alone).toContain('// reproducer 1 line 39');
    });
  });

  describe('after a warm start', () => {
    const corpus = {
      dir: '/tmp/corpus',
      start: 'warm',
      loaded: 4,
      replayed: 4,
      dropped: { missingFunction: 0, undecodable: 0, reverted: 0 },
      saved: 5,
    } as const;
    const targets = [
      target('src/A.sol', 3, 'reached', { reachedByCorpus: true }),
      target('src/A.sol', 4, 'reached', { reachedByCorpus: true }),
      target('src/A.sol', 9, 'reached', { reachedByCorpus: false }),
      target('src/A.sol', 12, 'unreached', { reachedByCorpus: false }),
    ];

    it('splits the reached lines: those the restored corpus ran, and those the run reached anew', () => {
      const text = renderMarkdown(report({ findings: [], corpus, targets }));
      expect(text).toContain('| file | reached by the restored corpus | newly reached by this run | unreached | unreachable | not fuzzed | no code |');
      expect(text).toContain('| src/A\\.sol | 3–4 | 9 | 12 |  |  |  |');
    });

    it('keeps the one reached column after a cold start', () => {
      const text = renderMarkdown(report({ findings: [], corpus: { ...corpus, start: 'cold', replayed: 0 }, targets }));
      expect(text).toContain('| src/A\\.sol | 3–4, 9 | 12 |  |  |  |');
      expect(text).not.toContain('restored corpus');
    });
  });

  describe('truncation', () => {
    const bigFile = Array.from({ length: 400 }, (_, i) => target('src/Big.sol', 1 + i * 2, i % 2 ? 'reached' : 'unreached'));
    const small = [target('src/Small.sol', 1, 'unreached'), target('src/Small.sol', 3, 'reached')];
    const findings = Array.from({ length: 30 }, (_, i) =>
      finding({
        introduced: i === 29,
        foundMs: i,
        foundTransactions: i,
        line: i + 1,
        message: `failure ${i}`,
        sequence: Array(10).fill(finding().sequence[0]),
      }),
    );
    const big = report({ targets: [...bigFile, ...small], findings });
    const full = renderMarkdown(big, { maxLines: Infinity });

    it('fits under the limit and points to the job summary', () => {
      const text = renderMarkdown(big, { maxLength: 12_000, maxLines: Infinity, summaryUrl: 'https://github.com/acme/auction/actions/runs/1' });
      expect(full.length).toBeGreaterThan(20_000);
      expect(text.length).toBeLessThanOrEqual(12_000);
      expect(text.startsWith(REPORT_MARKER)).toBe(true);
      expect(text).toContain('[job summary](https://github.com/acme/auction/actions/runs/1)');
    });

    it('turns the biggest file’s line lists into counts first', () => {
      const filesOnly = report({ targets: [...bigFile, ...small], findings: [] });
      const text = renderMarkdown(filesOnly, { maxLength: renderMarkdown(filesOnly).length - 500, maxLines: Infinity });
      expect(text).toContain('| src/Big\\.sol | 200 lines | 200 lines |');
      expect(text).toContain('| src/Small\\.sol | 3 | 1 |');
    });

    it('then drops the sequences of the least important findings', () => {
      const text = renderMarkdown(big, { maxLength: 12_000, maxLines: Infinity });
      // The introduced finding (found last) keeps its sequence; pre-existing ones lose theirs first.
      const introduced = text.indexOf('**introduced by this PR**');
      expect(text.indexOf('<details>', introduced)).toBeGreaterThan(introduced);
      expect(text).toContain('Reproduces with 10 transactions (sequence in the job summary).');
    });

    it('drops whole findings and files only when it must, saying how many', () => {
      const text = renderMarkdown(big, { maxLength: 2_000, maxLines: Infinity });
      expect(text.length).toBeLessThanOrEqual(2_000);
      expect(text).toMatch(/…and \d+ more findings in the job summary and the JSON report\./);
      expect(text).toMatch(/…and \d+ more files in the job summary and the JSON report\./);
      expect(text).toContain('**introduced by this PR**');
    });

    it('degrades by whole parts at any limit, never cutting text mid-way', () => {
      for (let maxLength = 1_500; maxLength < full.length; maxLength += 997) {
        const text = renderMarkdown(big, { maxLength, maxLines: Infinity });
        expect(text.length).toBeLessThanOrEqual(maxLength);
        const body = text.slice(0, text.indexOf('\n\n> [!NOTE]'));
        expect(body).toMatch(/(\|\n?|<\/details>|\.)$/);
        // Rendering at exactly the produced length changes nothing (the running length is exact).
        expect(renderMarkdown(big, { maxLength: text.length, maxLines: Infinity })).toBe(text);
      }
    });

    it('is unchanged when it fits', () => {
      expect(renderMarkdown(big, { maxLength: full.length, maxLines: Infinity })).toBe(full);
    });
  });
});

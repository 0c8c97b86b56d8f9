import { codeBlock, codeSpan, encodePath, escapeHtml, escapeMarkdown, lineUrl } from '../../src/report/escape.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { reviewThreads } from '../../src/report/review.js';
import { renderSummary } from '../../src/report/summary.js';
import type { Report } from '../../src/report/types.js';
import { finding, report, target } from './sampleReport.js';

describe('escape', () => {
  it.each([
    ['a|b', 'a\\|b'],
    ['`x`', '\\`x\\`'],
    ['[l](u)', '\\[l\\]\\(u\\)'],
    ['*b* _i_', '\\*b\\* \\_i\\_'],
    ['<b>', '\\<b\\>'],
    ['line\nbreak\r\n# h', 'line break \\# h'],
    ['@team', '@&#8203;team'],
    ['ok\u202eevil', 'okevil'],
  ])('escapeMarkdown(%j)', (input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });

  it('escapes HTML contexts with entities', () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });

  it('fences code with more backticks than the content holds', () => {
    expect(codeBlock('a ```` b')).toBe('`````\na ```` b\n`````');
    expect(codeBlock('plain')).toBe('```\nplain\n```');
  });

  it('builds line links with encoded paths', () => {
    expect(encodePath('src/My (v2)/A.sol')).toBe('src/My%20%28v2%29/A.sol');
    expect(lineUrl({ repoUrl: 'https://ghe.example/o/r/', headSha: 'abc' }, 'A.sol', 3)).toBe('https://ghe.example/o/r/blob/abc/A.sol#L3');
    expect(lineUrl({}, 'A.sol', 3)).toBeUndefined();
  });
});

describe('codeSpan', () => {
  it.each([
    ['f(1)', '`f(1)`'],
    ['a|b', '`a\\|b`'],
    ['x `y` z', '``x `y` z``'],
    ['`edge`', '`` `edge` ``'],
    ['two\nlines', '`two lines`'],
  ])('%j → %j', (text, span) => {
    expect(codeSpan(text)).toBe(span);
  });
});

describe('review threads', () => {
  it('put each located finding on its line with escaped text and its sequence', () => {
    const comments = reviewThreads(report({ findings: [finding({ message: '<img src=x>' }), finding({ file: null, line: null })] })).map((t) => t.comment);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ path: 'src/Auction.sol', line: 38 });
    expect(comments[0].body).toContain('> \\<img src=x\\>');
    expect(comments[0].body).toContain('| 1 | `alice` | `auction.bid{value: 1.5 ether}()` |');
  });
});

describe('every value of a report, whatever its declared type', () => {
  const PAYLOAD = '1`</details><img src=x>@admin';
  /** Left alone: what renderers branch on (kind, status) or parse as an amount (value). */
  const KEPT = new Set(['kind', 'status', 'value']);
  /**
   * Every number and string replaced by the payload, as a report that skipped the schema check
   * (`mode: report` reads a fork's) could carry it: lines, seed, delays and times included.
   */
  function hostile(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(hostile);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, KEPT.has(k) ? v : hostile(v)]));
    return typeof value === 'number' || typeof value === 'string' ? PAYLOAD : value;
  }
  const reproducer = { file: 'A.t.sol', contract: 'ATest', source: 'contract ATest {}', verified: false, reason: 'no forge', runs: [] };
  const change = finding({
    kind: 'behaviour-change',
    introduced: true,
    behaviour: { difference: 'outcome', base: 'reverts', head: 'succeeds', grade: 'returns' },
  });
  const rich = report({
    targets: [...report().targets, target('src/Auction.sol', 50, 'unreached', { missedBranch: { file: 'src/Auction.sol', line: 48, condition: 'x > 1' } })],
    findings: [...report().findings, finding({ reproducer, enteredLines: [{ file: 'src/Auction.sol', line: 12 }] }), change],
    errors: ['boom'],
    buildErrors: [{ file: 'src/B.sol', line: 3, message: 'ParserError' }],
  });
  const r = hostile(rich) as Report;
  const place = { headSha: 'a'.repeat(40), repoUrl: 'https://github.com/acme/auction', summaryUrl: 'https://github.com/acme/auction/actions/runs/1' };

  it.each([
    ['the PR comment', () => renderMarkdown(r, place)],
    ['the job summary', () => renderSummary(r, place)],
    [
      'the review threads',
      () =>
        reviewThreads(r)
          .map((t) => t.comment.body)
          .join('\n\n'),
    ],
  ])('%s renders it inert: no HTML, no closed details, no mention', (_output, render) => {
    const text = render();
    expect(text).toContain('@&#8203;admin'); // the payload is there, escaped
    // Outside code, as in the Action's end-to-end test: GitHub shows code as it is, and `\<` as `<`
    // (an escaped backtick opens no code span).
    const prose = text.replace(/```[\s\S]*?```/g, '').replace(/(?<![\\`])(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, '');
    expect(prose).not.toMatch(/(^|[^\\])<img/);
    expect(prose).not.toMatch(/@admin/);
    expect(prose.match(/(^|[^\\])<\/details>/g)?.length).toBe(prose.match(/<details>/g)?.length);
  });
});

import { codeBlock, codeSpan, encodePath, escapeHtml, escapeMarkdown, lineUrl } from '../../src/report/escape.js';
import { reviewThreads } from '../../src/report/review.js';
import { finding, report } from './sampleReport.js';

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

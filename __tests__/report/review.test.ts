import { reviewBody, reviewThreads } from '../../src/report/review.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { finding, report } from './sampleReport.js';

const inDiff = (lines: Record<string, number[]>) => (path: string, line: number) => lines[path]?.includes(line) ?? false;

describe('reviewThreads', () => {
  const entered = [
    { file: 'src/Auction.sol', line: 20 },
    { file: 'src/Auction.sol', line: 21 },
    { file: 'src/Auction.sol', line: 38 },
    { file: 'src/Lib.sol', line: 7 },
  ];

  it('makes exactly one thread per finding, on its failing line, listing the changed lines the sequence executes', () => {
    const threads = reviewThreads(
      report({ findings: [finding({ enteredLines: entered }), finding({ line: 50, introduced: false, enteredLines: [] })] }),
      inDiff({ 'src/Auction.sol': [20, 21, 38, 50] }),
    );
    expect(threads.map((t) => `${t.comment.path}:${t.comment.line}`)).toEqual(['src/Auction.sol:38', 'src/Auction.sol:50']);
    const [body] = threads.map((t) => t.comment.body);
    expect(body).toContain('**Lookout: panic 0x32** in Auction\\.settle\\(uint256\\) — **introduced by this PR**');
    expect(body).toContain('Changed lines the sequence executes: src/Auction\\.sol:20–21, 38; src/Lib\\.sol:7');
    // The sequence, for people: named senders, ether units, type bounds, the contract by name.
    expect(body).toContain('| 1 | `alice` | `auction.bid{value: 1.5 ether}()` |');
    expect(body).toContain('| 2 | `bob` | after 1 h and 1 block: `auction.settle(type(uint256).max - 4)` |');
    expect(body).toContain('`alice` = 0x0000000000000000000000000000000000020000');
    expect(body).not.toContain('\n```');
  });

  it('elides the middle of a long argument in the thread, which is narrow, and keeps it whole in the comment', () => {
    // 76 digits, near no power of two or bound: written whole, it pushes the call column out of a 700 px thread.
    const long = '1234567890'.repeat(7) + '123456';
    const [first, second] = finding().sequence;
    const call = { ...second, timeDelay: 90_061, args: [long] };
    const [thread] = reviewThreads(report({ findings: [finding({ sequence: [first, call] })] }));
    expect(thread.comment.body).toContain('| 2 | `bob` | after 1 day 1 h 1 min 1 s and 1 block: `auction.settle(1_234_567_89…890_123_456)` |');
    expect(renderMarkdown(report({ findings: [finding({ sequence: [first, call] })] }))).toContain(`auction.settle(${long.replace(/\B(?=(\d{3})+$)/g, '_')})`);
  });

  it('moves the thread to the first changed line the sequence enters when the failing line is outside the diff', () => {
    const [thread] = reviewThreads(report({ findings: [finding({ enteredLines: entered })] }), inDiff({ 'src/Auction.sol': [21], 'src/Lib.sol': [7] }));
    expect(thread.comment).toMatchObject({ path: 'src/Auction.sol', line: 21 });
    expect(thread.comment.body).toContain('Fails at src/Auction\\.sol:38, outside the diff');
  });

  it('gives no thread to a finding with no line inside the diff, nor to behaviour changes', () => {
    const change = finding({ kind: 'behaviour-change', panicCode: null, behaviour: { difference: 'outcome', base: 'a', head: 'b', grade: 'returns' } });
    expect(reviewThreads(report({ findings: [finding({ enteredLines: entered }), change] }), inDiff({}))).toEqual([]);
  });

  it('escapes what came from the repository', () => {
    const [thread] = reviewThreads(report({ findings: [finding({ contract: '<img src=x>', message: '@octocat <b>' })] }));
    expect(thread.comment.body).not.toMatch(/(^|[^\\])<(img|b>)/);
    expect(thread.comment.body).not.toContain('@octocat');
  });
});

describe('reviewBody', () => {
  it('counts findings by origin and says how many have no thread', () => {
    const r = report({ findings: [finding(), finding({ introduced: false }), finding({ introduced: null })] });
    expect(reviewBody(r, 2)).toBe(
      'Lookout: one thread per finding (1 introduced by this PR, 1 of unknown origin, 1 already on the base branch). 1 finding outside the diff is only in the sticky comment. The sticky comment has the full report.',
    );
  });
});

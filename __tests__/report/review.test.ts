import { renderReviewComments } from '../../src/report/review.js';
import { finding, report } from './sampleReport.js';

describe('renderReviewComments', () => {
  it('comments where a finding fails and on each changed line its sequence enters', () => {
    const failing = finding({ file: 'src/Auction.sol', line: 22, enteredLines: [{ file: 'src/Auction.sol', line: 20 }, { file: 'src/Auction.sol', line: 22 }, { file: 'src/Lib.sol', line: 7 }] });
    const comments = renderReviewComments(report({ findings: [failing] }));
    expect(comments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/Auction.sol:22', 'src/Auction.sol:20', 'src/Lib.sol:7']);
    expect(comments[0].body).toContain('```');
    expect(comments[1].body).toMatch(/executes this changed line/);
    expect(comments[1].body).toContain('src/Auction\\.sol:22');
  });

  it('caps the entered-line comments per finding and escapes what came from the repository', () => {
    const enteredLines = Array.from({ length: 9 }, (_, i) => ({ file: 'src/A.sol', line: 100 + i }));
    const comments = renderReviewComments(report({ findings: [finding({ contract: '<img src=x>', enteredLines })] }));
    expect(comments).toHaveLength(1 + 5);
    for (const c of comments) expect(c.body).not.toMatch(/(^|[^\\])<img/); // every < is escaped
  });

  it('leaves out a finding without a location, but not the changed lines it enters', () => {
    const comments = renderReviewComments(report({ findings: [finding({ file: null, line: null, enteredLines: [{ file: 'src/A.sol', line: 3 }] })] }));
    expect(comments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/A.sol:3']);
    expect(comments[0].body).toContain('an unknown line');
  });
});

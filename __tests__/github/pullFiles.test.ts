import { MAX_PULL_FILES } from '../../src/diff/github.js';
import { pullRequestDiff } from '../../src/github/pullFiles.js';
import { fakeClient, startFakeGitHub, type FakeGitHub } from '../helpers/fakeGitHub.js';

let fake: FakeGitHub;
beforeEach(async () => {
  fake = await startFakeGitHub();
});
afterEach(() => fake.close());

const pull = { owner: 'acme', repo: 'auction', pullNumber: 5 };
const diff = () => pullRequestDiff(fakeClient(fake), pull);

describe('pullRequestDiff', () => {
  it('maps statuses and reads context patches like the local diff', async () => {
    fake.state.pullFiles.set(5, [
      { filename: 'README.md', status: 'modified', additions: 1, patch: '@@ -1 +1 @@\n-a\n+b' },
      { filename: 'src/A.sol', status: 'modified', additions: 1, patch: '@@ -10,4 +10,3 @@\n a\n-b\n-c\n+C\n d' },
      { filename: 'src/New.sol', status: 'added', additions: 2, patch: '@@ -0,0 +1,2 @@\n+x\n+y' },
      { filename: 'src/Old.sol', status: 'removed', additions: 0, patch: '@@ -1,2 +0,0 @@\n-x\n-y' },
      { filename: 'src/Moved.sol', previous_filename: 'src/Was.sol', status: 'renamed', additions: 1, patch: '@@ -3,2 +3,2 @@\n a\n-b\n+B' },
      { filename: 'src/Mode.sol', status: 'unchanged', additions: 0 },
    ]);
    const result = await diff();
    expect(result.files).toEqual([
      { path: 'src/A.sol', status: 'modified', addedLines: [11], deletions: [{ after: 11, removed: { from: 12, to: 12 } }] },
      { path: 'src/New.sol', status: 'added', addedLines: [1, 2], deletions: [] },
      { path: 'src/Old.sol', status: 'deleted', addedLines: [], deletions: [] },
      { path: 'src/Moved.sol', previousPath: 'src/Was.sol', status: 'renamed', addedLines: [4], deletions: [] },
    ]);
    expect(result.commentableLines.get('src/A.sol')).toEqual([10, 11, 12]);
    expect(result.commentableLines.has('README.md')).toBe(false);
    expect(result).toMatchObject({ withoutPatch: [], truncated: false });
  });

  it('handles files GitHub sends without a patch: new files by their line count, others reported', async () => {
    fake.state.pullFiles.set(5, [
      { filename: 'src/Huge.sol', status: 'added', additions: 3 },
      { filename: 'src/Big.sol', status: 'modified', additions: 5000 },
    ]);
    const result = await diff();
    expect(result.files).toEqual([{ path: 'src/Huge.sol', status: 'added', addedLines: [1, 2, 3], deletions: [] }]);
    expect(result.withoutPatch).toEqual(['src/Big.sol']);
  });

  it('follows Link pagination to the 3000-file cap and says it was cut', async () => {
    fake.state.pullFiles.set(
      5,
      Array.from({ length: 3100 }, (_, i) => ({ filename: `src/F${i}.sol`, status: 'added', additions: 1, patch: '@@ -0,0 +1 @@\n+x' })),
    );
    const result = await diff();
    expect(result.files).toHaveLength(MAX_PULL_FILES);
    expect(result.truncated).toBe(true);
    const pages = fake.requestsTo('GET', /\/files$/);
    expect(pages).toHaveLength(30);
    expect(pages.every((r) => r.query.per_page === '100')).toBe(true);
  });
});

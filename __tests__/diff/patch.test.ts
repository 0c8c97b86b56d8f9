import { readFileSync } from 'node:fs';
import { parsePatch } from 'diff';
import { hunkLines, parseGitDiff } from '../../src/diff/patch.js';

describe('hunkLines', () => {
  it('reads a GitHub patch with context: deletions point at the line before, replacements are added lines', () => {
    const patch = readFileSync(new URL('../../__fixtures__/diffs/context-hunks.patch', import.meta.url), 'utf8');
    const [parsed] = parsePatch(patch);
    expect(hunkLines(parsed.hunks)).toEqual({ addedLines: [30, 31], deletedAfter: [11] });
  });

  it.each([
    ['deletion at the top of the file', '@@ -1,2 +0,0 @@\n-a\n-b\n', [], [0]],
    ['deletion at the end of the file', '@@ -9,2 +8,0 @@\n-a\n-b\n', [], [8]],
    ['one-for-one replacement', '@@ -3,2 +3,2 @@\n-a\n-b\n+c\n+d\n', [3, 4], []],
    ['modify a line and delete the next', '@@ -3,2 +3 @@\n-a\n-b\n+c\n', [3], [3]],
    ['added lines then a missing newline marker', '@@ -5,0 +6,2 @@\n+a\n+b\n\\ No newline at end of file\n', [6, 7], []],
  ])('%s', (_name, text, added, deleted) => {
    const [parsed] = parsePatch(text);
    expect(hunkLines(parsed.hunks)).toEqual({ addedLines: added, deletedAfter: deleted });
  });
});

describe('parseGitDiff', () => {
  it('keeps Solidity files only and strips the a/ b/ prefixes', () => {
    const text = [
      'diff --git a/docs/x.md b/docs/x.md',
      '--- a/docs/x.md',
      '+++ b/docs/x.md',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      'diff --git a/src/A.sol b/src/A.sol',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/src/A.sol',
      '@@ -0,0 +1,2 @@',
      '+a',
      '+b',
      '',
    ].join('\n');
    expect(parseGitDiff(text)).toEqual([{ path: 'src/A.sol', status: 'added', addedLines: [1, 2], deletedAfter: [] }]);
  });
});

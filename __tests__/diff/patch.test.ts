import { readFileSync } from 'node:fs';
import { parsePatch } from 'diff';
import { hunkLines, parseGitDiff } from '../../src/diff/patch.js';

describe('hunkLines', () => {
  it('reads a GitHub patch with context: deletions point at the line before, replacements are added lines', () => {
    const patch = readFileSync(new URL('../../__fixtures__/diffs/context-hunks.patch', import.meta.url), 'utf8');
    const [parsed] = parsePatch(patch);
    expect(hunkLines(parsed.hunks)).toEqual({ addedLines: [30, 31], deletions: [{ after: 11, removed: { from: 12, to: 12 } }] });
  });

  it.each([
    ['deletion at the top of the file', '@@ -1,2 +0,0 @@\n-a\n-b\n', [], [{ after: 0, removed: { from: 1, to: 2 } }]],
    ['deletion at the end of the file', '@@ -9,2 +8,0 @@\n-a\n-b\n', [], [{ after: 8, removed: { from: 9, to: 10 } }]],
    ['one-for-one replacement', '@@ -3,2 +3,2 @@\n-a\n-b\n+c\n+d\n', [3, 4], []],
    [
      'modify a line and delete the next: the first removed line counts as replaced',
      '@@ -3,2 +3 @@\n-a\n-b\n+c\n',
      [3],
      [{ after: 3, removed: { from: 4, to: 4 } }],
    ],
    ['added lines then a missing newline marker', '@@ -5,0 +6,2 @@\n+a\n+b\n\\ No newline at end of file\n', [6, 7], []],
    [
      'two deletions in one context hunk, after lines moved by an addition',
      '@@ -10,6 +10,4 @@\n a\n+new\n-b\n-c\n d\n-e\n f\n',
      [11],
      [
        { after: 11, removed: { from: 11, to: 12 } },
        { after: 12, removed: { from: 14, to: 14 } },
      ],
    ],
  ])('%s', (_name, text, added, deletions) => {
    const [parsed] = parsePatch(text);
    expect(hunkLines(parsed.hunks)).toEqual({ addedLines: added, deletions });
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
    expect(parseGitDiff(text)).toEqual([{ path: 'src/A.sol', status: 'added', addedLines: [1, 2], deletions: [] }]);
  });
});

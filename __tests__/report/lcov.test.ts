import lcovParser from '@friedemannsommer/lcov-parser/sync';
import { renderLcov } from '../../src/report/index.js';

const coverage = (files: Record<string, [number, number][]>) => new Map(Object.entries(files).map(([file, lines]) => [file, new Map(lines)]));

describe('renderLcov', () => {
  it('writes one record per file, lines ascending, unexecuted lines with 0 hits, and LH/LF', () => {
    const text = renderLcov([
      {
        test: 'head',
        lines: coverage({
          'src/Vault.sol': [
            [12, 3],
            [9, 0],
            [10, 7],
          ],
          'lib/Math.sol': [[4, 0]],
        }),
      },
    ]);
    expect(text).toBe(
      [
        'TN:head',
        'SF:lib/Math.sol',
        'DA:4,0',
        'LH:0',
        'LF:1',
        'end_of_record',
        'TN:head',
        'SF:src/Vault.sol',
        'DA:9,0',
        'DA:10,7',
        'DA:12,3',
        'LH:2',
        'LF:3',
        'end_of_record',
        '',
      ].join('\n'),
    );
    // A reader from the registry agrees.
    const [math, vault] = lcovParser({ from: text });
    expect(math).toMatchObject({ name: 'head', path: 'lib/Math.sol', lines: { hit: 0, instrumented: 1 } });
    expect(vault.lines.details).toEqual([
      { line: 9, hit: 0 },
      { line: 10, hit: 7 },
      { line: 12, hit: 3 },
    ]);
  });

  it('leaves out a path holding a line break, which would forge records', () => {
    const text = renderLcov([{ test: 'head', lines: coverage({ 'src/A.sol\nDA:1,99': [[1, 0]], 'src/B.sol': [[2, 1]] }) }]);
    expect(text).not.toContain('A.sol');
    expect(lcovParser({ from: text }).map((s) => s.path)).toEqual(['src/B.sol']);
  });

  it('writes nothing when nothing was fuzzed', () => {
    expect(renderLcov([])).toBe('');
  });
});

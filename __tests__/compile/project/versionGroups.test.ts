import { groupByVersion } from '../../../src/compile/project/versionGroups.js';
import type { ImportGraph, SourceNode } from '../../../src/compile/project/types.js';

/** A graph from `file: [pragma, imports]`. */
function graph(files: Record<string, [string | undefined, string[]]>, entries?: string[]): ImportGraph {
  const nodes = new Map<string, SourceNode>(
    Object.entries(files).map(([file, [pragma, imports]]) => [file, pragma === undefined ? { imports } : { imports, pragma }]),
  );
  return { entries: entries ?? Object.keys(files), nodes, unresolved: [] };
}

const INSTALLED = ['0.7.6', '0.8.17', '0.8.20'];
const RELEASED = ['0.6.12', '0.7.6', '0.8.17', '0.8.20', '0.8.24', '0.8.30'];

describe('groupByVersion', () => {
  it('prefers the newest installed version that every file of the import graph accepts', () => {
    const g = graph({ 'src/A.sol': ['^0.8.0', ['lib/B.sol']], 'lib/B.sol': ['>=0.6.0', []] }, ['src/A.sol']);
    expect(groupByVersion(g, { installed: INSTALLED, released: RELEASED })).toEqual({
      groups: [{ version: '0.8.20', entries: ['src/A.sol'], files: ['lib/B.sol', 'src/A.sol'] }],
      unsatisfiable: [],
    });
  });

  it('takes a released version when no installed one satisfies', () => {
    const g = graph({ 'src/A.sol': ['^0.8.21', []] });
    expect(groupByVersion(g, { installed: INSTALLED, released: RELEASED }).groups.map((x) => x.version)).toEqual(['0.8.30']);
  });

  it('settles on one version all entries accept when their first picks differ', () => {
    // A alone would pick 0.8.20 (installed); B needs <=0.8.17: both compile with 0.8.17.
    const g = graph({ 'src/A.sol': ['^0.8.0', []], 'src/B.sol': ['>=0.8.0 <=0.8.17', []] });
    expect(groupByVersion(g, { installed: INSTALLED, released: RELEASED }).groups).toEqual([
      { version: '0.8.17', entries: ['src/A.sol', 'src/B.sol'], files: ['src/A.sol', 'src/B.sol'] },
    ]);
  });

  it('splits into as few groups as it can, compiling a shared import in each', () => {
    const g = graph({
      'src/Old.sol': ['=0.7.6', ['src/Shared.sol']],
      'src/New.sol': ['^0.8.0', ['src/Shared.sol']],
      'src/Newer.sol': ['>=0.8.17', []],
      'src/Shared.sol': ['>=0.7.0', []],
    });
    expect(groupByVersion(g, { installed: INSTALLED }, undefined, ['src/New.sol', 'src/Newer.sol', 'src/Old.sol'])).toEqual({
      groups: [
        { version: '0.7.6', entries: ['src/Old.sol'], files: ['src/Old.sol', 'src/Shared.sol'] },
        { version: '0.8.20', entries: ['src/New.sol', 'src/Newer.sol'], files: ['src/New.sol', 'src/Newer.sol', 'src/Shared.sol'] },
      ],
      unsatisfiable: [],
    });
  });

  it('compiles everything with a pinned version, and names the files it cannot compile', () => {
    const g = graph({ 'src/A.sol': ['^0.8.0', ['src/Lib.sol']], 'src/Lib.sol': ['^0.8.20', []], 'src/C.sol': ['0.8.17', []] }, ['src/A.sol', 'src/C.sol']);
    const result = groupByVersion(g, { installed: INSTALLED }, '0.8.17');
    expect(result.groups).toEqual([{ version: '0.8.17', entries: ['src/C.sol'], files: ['src/C.sol'] }]);
    expect(result.unsatisfiable).toEqual([
      {
        file: 'src/A.sol',
        message:
          'src/A.sol imports src/Lib.sol, which has pragma solidity ^0.8.20, which the pinned solc 0.8.17 does not satisfy. ' +
          'Change `solc` in foundry.toml (or FOUNDRY_SOLC_VERSION) to a version every pragma allows, or change the pragma.',
      },
    ]);
  });

  it('reports conflicting pragmas in one import graph and still groups the rest', () => {
    const g = graph(
      {
        'src/A.sol': ['^0.8.0', ['lib/Old.sol']],
        'lib/Old.sol': ['>=0.5.0 <0.8.0', []],
        'src/B.sol': ['^0.8.0', []],
      },
      ['src/A.sol', 'src/B.sol'],
    );
    const result = groupByVersion(g, { installed: INSTALLED, released: RELEASED });
    expect(result.groups).toEqual([{ version: '0.8.20', entries: ['src/B.sol'], files: ['src/B.sol'] }]);
    expect(result.unsatisfiable).toEqual([
      {
        file: 'src/A.sol',
        message:
          'Conflicting pragmas in the import graph of src/A.sol: src/A.sol has pragma solidity ^0.8.0 and lib/Old.sol has ' +
          'pragma solidity >=0.5.0 <0.8.0; no solc version satisfies both. Align the pragmas of these files.',
      },
    ]);
  });

  it('says when no available version satisfies a pragma at all', () => {
    const result = groupByVersion(graph({ 'src/A.sol': ['^0.8.21', []] }), { installed: INSTALLED });
    expect(result.groups).toEqual([]);
    expect(result.unsatisfiable[0].message).toBe(
      'src/A.sol has pragma solidity ^0.8.21, which no solc version satisfies (available: 0.7.6, 0.8.17, 0.8.20). Install or allow a version it accepts, or change the pragma.',
    );
  });

  it('is deterministic whatever the order of entries and versions', () => {
    const files: Record<string, [string, string[]]> = { 'b.sol': ['^0.8.0', []], 'a.sol': ['=0.7.6', []], 'c.sol': ['>=0.8.17', []] };
    const one = groupByVersion(graph(files, ['b.sol', 'a.sol', 'c.sol']), { installed: [...INSTALLED].reverse() });
    const two = groupByVersion(graph(files, ['c.sol', 'b.sol', 'a.sol']), { installed: INSTALLED });
    expect(one).toEqual(two);
    expect(one.groups.map((x) => [x.version, x.entries])).toEqual([
      ['0.7.6', ['a.sol']],
      ['0.8.20', ['b.sol', 'c.sol']],
    ]);
  });
});

import { ConfigurationError } from '../../src/errors.js';
import { lineColumn } from '../../src/compile/diagnostics.js';
import { importCandidates, importDirectives } from '../../src/compile/imports.js';
import { applyRemappings, parseRemapping } from '../../src/compile/remappings.js';

describe('importDirectives', () => {
  it('finds every import form with its position, skipping comments and strings', () => {
    const source = [
      'pragma solidity ^0.8.20;',
      'import "./A.sol";',
      "import './B.sol' as B;",
      'import * as C from "lib/C.sol";',
      '  import {D, E as F} from "@pkg/D.sol";',
      '// import "./Commented.sol";',
      '/* import "./Block.sol";',
      '   import "./Block2.sol"; */',
      'contract X { string s = "import \'./InString.sol\';"; }',
    ].join('\n');
    expect(importDirectives(source)).toEqual([
      { path: './A.sol', line: 2, column: 1 },
      { path: './B.sol', line: 3, column: 1 },
      { path: 'lib/C.sol', line: 4, column: 1 },
      { path: '@pkg/D.sol', line: 5, column: 3 },
    ]);
  });
});

describe('remappings', () => {
  const remappings = [
    parseRemapping('@oz/=lib/openzeppelin/contracts/', 'remappings.txt'),
    parseRemapping('@oz/token/=lib/oz-token/', 'remappings.txt'),
    parseRemapping('src/legacy:@oz/=lib/oz-old/', 'remappings.txt'),
    parseRemapping('@oz/token/=vendor/token/', 'the configured remappings'),
  ];

  it('picks the longest context, then the longest prefix, then the last given', () => {
    expect(applyRemappings(remappings, 'src/A.sol', '@oz/access/Ownable.sol')).toBe('lib/openzeppelin/contracts/access/Ownable.sol');
    expect(applyRemappings(remappings, 'src/A.sol', '@oz/token/ERC20.sol')).toBe('vendor/token/ERC20.sol');
    expect(applyRemappings(remappings, 'src/legacy/B.sol', '@oz/token/ERC20.sol')).toBe('lib/oz-old/token/ERC20.sol');
    expect(applyRemappings(remappings, 'src/A.sol', 'forge-std/Test.sol')).toBeUndefined();
  });

  it('rejects a remapping without a prefix with a message naming where it came from', () => {
    expect(() => parseRemapping('=lib/x/', 'remappings.txt')).toThrow(ConfigurationError);
    expect(() => parseRemapping('no-equals-sign', 'remappings.txt')).toThrow(/"no-equals-sign" in remappings.txt/);
  });
});

describe('importCandidates', () => {
  it('resolves relative imports against the importing file only', () => {
    expect(importCandidates([], 'src/a/A.sol', '../b/B.sol')).toEqual(['src/b/B.sol']);
    expect(importCandidates([], 'A.sol', '../Outside.sol')).toEqual(['../Outside.sol']);
  });

  it('tries a remapping, the root, node_modules and the Foundry lib layout, in that order', () => {
    const remappings = [parseRemapping('forge-std/=vendor/forge-std/src/', 'remappings.txt')];
    expect(importCandidates(remappings, 'test/T.sol', 'forge-std/Test.sol')).toEqual([
      'vendor/forge-std/src/Test.sol',
      'forge-std/Test.sol',
      'node_modules/forge-std/Test.sol',
      'lib/forge-std/src/Test.sol',
      'lib/forge-std/Test.sol',
    ]);
  });
});

describe('lineColumn', () => {
  it('counts solc byte offsets as characters on 1-based lines', () => {
    const content = '// π ≈ 3.14\nuint x;';
    const offset = Buffer.byteLength('// π ≈ 3.14\nuint ', 'utf8');
    expect(lineColumn(content, offset)).toEqual({ line: 2, column: 6 });
    expect(lineColumn(content, 0)).toEqual({ line: 1, column: 1 });
  });
});

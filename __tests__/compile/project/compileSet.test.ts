import { sourcesToCompile } from '../../../src/compile/project/compileSet.js';
import { buildImportGraph, importGraph } from '../../../src/compile/project/importGraph.js';
import { projectSolidityFiles } from '../../../src/compile/project/projectFiles.js';
import { readProjectSettings } from '../../../src/compile/project/settings.js';
import type { ImportGraph } from '../../../src/compile/project/types.js';
import { cleanUp, tempProject } from './tempProject.js';

const sol = (pragma: string, ...imports: string[]) => [`pragma solidity ${pragma};`, ...imports.map((i) => `import "${i}";`), 'contract X {}', ''].join('\n');

describe('buildImportGraph', () => {
  let root: string;
  beforeAll(() => {
    root = tempProject({
      'foundry.toml': '[profile.default]\nremappings = ["@oz/=lib/openzeppelin-contracts/contracts/"]\n',
      'src/Vault.sol': sol('^0.8.20', './interfaces/IVault.sol', '@oz/token/ERC20.sol', 'solmate/utils/Lib.sol', '@oz/token/ERC20.sol'),
      'src/interfaces/IVault.sol': sol('>=0.8.0'),
      'lib/openzeppelin-contracts/contracts/token/ERC20.sol': sol('^0.8.0', '../utils/Context.sol'),
      'lib/openzeppelin-contracts/contracts/utils/Context.sol': sol('^0.8.0'),
      'lib/solmate/src/utils/Lib.sol': sol('>=0.8.0'),
      'src/Broken.sol': sol('^0.8.0', './Missing.sol'),
    });
  });
  afterAll(() => cleanUp(root));

  it('has an edge per distinct import, resolved as the import resolver does, and each file’s pragma', () => {
    const { remappings } = readProjectSettings(root, {});
    const graph = buildImportGraph(root, ['src/Broken.sol', 'src/Vault.sol'], remappings);
    expect(Object.fromEntries(graph.nodes)).toEqual({
      'src/Vault.sol': {
        imports: ['src/interfaces/IVault.sol', 'lib/openzeppelin-contracts/contracts/token/ERC20.sol', 'lib/solmate/src/utils/Lib.sol'],
        pragma: '^0.8.20',
      },
      'src/Broken.sol': { imports: [], pragma: '^0.8.0' },
      'src/interfaces/IVault.sol': { imports: [], pragma: '>=0.8.0' },
      'lib/openzeppelin-contracts/contracts/token/ERC20.sol': { imports: ['lib/openzeppelin-contracts/contracts/utils/Context.sol'], pragma: '^0.8.0' },
      'lib/solmate/src/utils/Lib.sol': { imports: [], pragma: '>=0.8.0' },
      'lib/openzeppelin-contracts/contracts/utils/Context.sol': { imports: [], pragma: '^0.8.0' },
    });
    expect(graph.entries).toEqual(['src/Broken.sol', 'src/Vault.sol']);
    expect(graph.unresolved).toEqual([{ file: 'src/Broken.sol', path: './Missing.sol', line: 2, column: 1, tried: ['src/Missing.sol'] }]);
  });

  it('lists the project’s own files: not libraries, node_modules, build output or another run’s reproducers', () => {
    const project = tempProject({
      'src/A.sol': '',
      'test/A.t.sol': '',
      'test/utils/mocks/MockERC20.sol': '',
      'script/Deploy.s.sol': '',
      'certora/Harness.sol': '',
      'lib/x/src/X.sol': '',
      'node_modules/y/Y.sol': '',
      'packages/p/node_modules/z/Z.sol': '',
      'out/A.sol/A.json': '',
      'cache/B.sol': '',
      '.hidden/H.sol': '',
      // Another lookout run checking its reproducers in this project: its folder goes away when it is done.
      'test/lookout-reproducer-Ab12Cd/Vault.panic.t.sol': '',
    });
    try {
      expect(projectSolidityFiles(readProjectSettings(project, {}))).toEqual([
        'certora/Harness.sol',
        'script/Deploy.s.sol',
        'src/A.sol',
        'test/A.t.sol',
        'test/utils/mocks/MockERC20.sol',
      ]);
    } finally {
      cleanUp(project);
    }
  });
});

describe('sourcesToCompile', () => {
  // A vault on an ERC-20 interface; a token library in lib; mocks, harnesses and tests around them.
  const edges: Record<string, string[]> = {
    'src/Vault.sol': ['src/interfaces/IERC20.sol', 'src/libraries/Math.sol'],
    'src/interfaces/IERC20.sol': [],
    'src/libraries/Math.sol': [],
    'src/Token.sol': ['lib/solmate/src/tokens/ERC20.sol'],
    'lib/solmate/src/tokens/ERC20.sol': ['src/interfaces/IERC20.sol'],
    'src/Unrelated.sol': [],
    'src/Router.sol': ['src/Vault.sol'],
    'src/RouterV2.sol': ['src/Router.sol'],
    'test/utils/mocks/MockERC20.sol': ['src/interfaces/IERC20.sol'],
    'test/harness/VaultHarness.sol': ['src/Vault.sol'],
    'test/Vault.t.sol': ['test/harness/VaultHarness.sol', 'test/utils/mocks/MockERC20.sol'],
    'script/Deploy.s.sol': ['src/Vault.sol'],
    'src/test/utils/mocks/MockMath.sol': ['src/libraries/Math.sol'],
    'src/AbstractPool.sol': [],
    'src/Pool.sol': ['src/AbstractPool.sol'],
    'test/PoolImpl.sol': ['src/AbstractPool.sol'],
  };
  const graph: ImportGraph = importGraph(Object.keys(edges), [], (unit) => (unit in edges ? edges[unit].map((i) => `import "${i}";`).join('\n') : undefined));
  const projectFiles = Object.keys(edges).filter((f) => !f.startsWith('lib/'));

  it('builds the graph the table describes', () => {
    for (const [file, imports] of Object.entries(edges)) expect(graph.nodes.get(file)?.imports).toEqual(imports);
  });

  it.each<[string, string[], string[]]>([
    [
      'a changed contract: its imports, its importers, and what can be deployed for its dependencies',
      ['src/Vault.sol'],
      [
        'src/Router.sol',
        'src/RouterV2.sol',
        'src/Token.sol',
        'src/Vault.sol',
        'src/interfaces/IERC20.sol',
        'src/libraries/Math.sol',
        'src/test/utils/mocks/MockMath.sol',
        'test/harness/VaultHarness.sol',
        'test/utils/mocks/MockERC20.sol',
      ],
    ],
    ['an abstract contract reaches its implementations, tests aside', ['src/AbstractPool.sol'], ['src/AbstractPool.sol', 'src/Pool.sol', 'test/PoolImpl.sol']],
    ['an unrelated file stays alone', ['src/Unrelated.sol'], ['src/Unrelated.sol']],
    [
      'a changed test or script is not compiled (yet), nor are deleted or non-Solidity files',
      ['test/Vault.t.sol', 'script/Deploy.s.sol', 'src/Gone.sol', 'README.md'],
      [],
    ],
  ])('%s', (_name, changed, expected) => {
    expect(sourcesToCompile({ projectFiles, graph, changed })).toEqual(expected);
  });
});

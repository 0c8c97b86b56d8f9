import { importCandidates } from '../../../src/compile/imports.js';
import { mergeRemappings } from '../../../src/compile/project/projectRemappings.js';
import { readProjectSettings } from '../../../src/compile/project/settings.js';
import { formatRemapping, parseRemapping } from '../../../src/compile/remappings.js';
import { cleanUp, SOL, tempProject } from './tempProject.js';

const LIBRARIES = {
  'src/Vault.sol': SOL,
  'lib/forge-std/src/Test.sol': SOL,
  'lib/forge-std/test/StdAssertions.t.sol': SOL,
  'lib/forge-std/lib/ds-test/src/test.sol': SOL,
  'lib/openzeppelin-contracts/foundry.toml': "[profile.default]\nsrc = 'contracts'\n",
  'lib/openzeppelin-contracts/remappings.txt': '@openzeppelin/contracts/=contracts/\n',
  'lib/openzeppelin-contracts/contracts/token/ERC20/ERC20.sol': SOL,
  'lib/openzeppelin-contracts/contracts/access/Ownable.sol': SOL,
  'lib/openzeppelin-contracts/lib/forge-std/src/Test.sol': SOL,
  'lib/solmate/src/tokens/ERC20.sol': SOL,
  'lib/solmate/src/utils/SafeTransferLib.sol': SOL,
  'lib/solmate/src/test/utils/mocks/MockERC20.sol': SOL,
  'lib/flat/Flat.sol': SOL,
  'lib/custom/foundry.toml': '[profile.default]\nsrc = "sources"\n',
  'lib/custom/sources/C.sol': SOL,
  'lib/withscript/src/A.sol': SOL,
  'lib/withscript/script/Deploy.s.sol': SOL,
  'lib/test/src/T.sol': SOL,
  'lib/.hidden/src/H.sol': SOL,
  'lib/empty/README.md': 'no solidity here',
};

const DETECTED = [
  '@openzeppelin/contracts/=lib/openzeppelin-contracts/contracts/',
  'custom/=lib/custom/sources/',
  'ds-test/=lib/forge-std/lib/ds-test/src/',
  'flat/=lib/flat/',
  'forge-std/=lib/forge-std/src/',
  'openzeppelin-contracts/=lib/openzeppelin-contracts/contracts/',
  'solmate/=lib/solmate/src/',
  'withscript/=lib/withscript/src/',
];

describe('project remappings', () => {
  const roots: string[] = [];
  const remappingsOf = (files: Record<string, string>, env: Record<string, string> = {}): string[] => {
    const root = tempProject(files);
    roots.push(root);
    return readProjectSettings(root, env).remappings.map(formatRemapping);
  };
  afterAll(() => roots.forEach(cleanUp));

  it('detects one remapping per library package, as forge does', () => {
    expect(remappingsOf(LIBRARIES)).toEqual(DETECTED);
  });

  it('puts explicit remappings first: environment, then remappings.txt, then foundry.toml; they beat detected ones', () => {
    const files = {
      ...LIBRARIES,
      'remappings.txt': '# comment\ndup/=from-txt/\nforge-std/=vendor/forge-std/src/\n',
      'foundry.toml': '[profile.default]\nremappings = ["dup=from-toml", "@oz=lib/openzeppelin-contracts/contracts", "ds-test/=vendor/ds-test/"]\n',
    };
    expect(remappingsOf(files, { FOUNDRY_REMAPPINGS: '@env/=vendor/env/\ndup/=from-env/' })).toEqual([
      '@env/=vendor/env/',
      'dup/=from-env/',
      'forge-std/=vendor/forge-std/src/',
      '@oz/=lib/openzeppelin-contracts/contracts/',
      'ds-test/=vendor/ds-test/',
      ...DETECTED.filter((r) => !r.startsWith('forge-std/') && !r.startsWith('ds-test/')),
    ]);
  });

  it('detects nothing when auto_detect_remappings is off', () => {
    const files = { ...LIBRARIES, 'foundry.toml': '[profile.default]\nauto_detect_remappings = false\nremappings = ["a/=b/"]\n' };
    expect(remappingsOf(files)).toEqual(['a/=b/']);
  });

  it('searches the configured libs folders', () => {
    const files = { 'foundry.toml': '[profile.default]\nlibs = ["dependencies"]\n', 'dependencies/solady/src/Solady.sol': SOL, 'lib/other/src/O.sol': SOL };
    expect(remappingsOf(files)).toEqual(['solady/=dependencies/solady/src/']);
  });

  it('hands the import resolver paths it can find', () => {
    const root = tempProject(LIBRARIES);
    roots.push(root);
    const { remappings } = readProjectSettings(root, {});
    expect(importCandidates(remappings, 'src/Vault.sol', 'solmate/tokens/ERC20.sol')[0]).toBe('lib/solmate/src/tokens/ERC20.sol');
    expect(importCandidates(remappings, 'src/Vault.sol', '@openzeppelin/contracts/access/Ownable.sol')[0]).toBe(
      'lib/openzeppelin-contracts/contracts/access/Ownable.sol',
    );
  });
});

describe('mergeRemappings', () => {
  const parse = (list: string[]) => list.map((r) => parseRemapping(r, 'test'));
  const merged = (detected: string[], explicit: string[] = []) =>
    mergeRemappings({ environment: [], file: parse(explicit), config: [], detected: parse(detected), projectFolders: ['src', 'test', 'script'] }).map(
      formatRemapping,
    );

  it.each([
    ['the shortest target wins among detected ones', ['a/=lib/x/lib/a/src/', 'a/=lib/a/src/'], [], ['a/=lib/a/src/']],
    ['at equal length a src target wins', ['a/=lib/x/y/', 'a/=lib/a/src/'], [], ['a/=lib/a/src/']],
    ['an explicit prefix covers longer detected ones', ['oz/token/=lib/t/', 'ozx/=lib/ozx/'], ['oz/=lib/oz/'], ['oz/=lib/oz/', 'ozx/=lib/ozx/']],
    ['an explicit remapping in another context covers nothing', ['a/=lib/a/src/'], ['src/x:a/=vendor/a/'], ['src/x:a/=vendor/a/', 'a/=lib/a/src/']],
    ['project folders and broad aliases are never remapped by libraries', ['src/=lib/evil/', 'Test/=lib/t/', 'contracts/=lib/c/', 'lib/=lib/l/'], [], []],
    ['trailing slashes are added, except to .sol files', ['a=lib/a/src'], ['x/Y.sol=vendor/Y.sol'], ['x/Y.sol=vendor/Y.sol', 'a/=lib/a/src/']],
  ])('%s', (_name, detected, explicit, expected) => {
    expect(merged(detected, explicit)).toEqual(expected);
  });
});

describe('detection on unusual layouts', () => {
  // What `forge config --json` (forge 1.7.1) lists for the same folders.
  it('matches forge', () => {
    const root = tempProject({
      'src/A.sol': SOL,
      'lib/both/Root.sol': SOL,
      'lib/both/src/S.sol': SOL,
      'lib/mono/packages/core/contracts/X.sol': SOL,
      'lib/mono/packages/core/contracts/Y/Z.sol': SOL,
      'lib/deep/a/b/src/K.sol': SOL,
      'lib/two/a/X.sol': SOL,
      'lib/two/b/Y.sol': SOL,
      'lib/ct/contracts/a/X.sol': SOL,
      'lib/ct/contracts/b/Y.sol': SOL,
      'lib/ct/certora/H.sol': SOL,
      'lib/onlydeep/x/y/Z.sol': SOL,
      'lib/sc/contracts/src/v0.6/A.sol': SOL,
      'lib/sc/contracts/src/v0.8/B.sol': SOL,
    });
    try {
      expect(readProjectSettings(root, {}).remappings.map(formatRemapping)).toEqual([
        'both/=lib/both/src/',
        'ct/=lib/ct/',
        'deep/=lib/deep/a/b/src/',
        'mono/=lib/mono/',
        'onlydeep/=lib/onlydeep/',
        'sc/=lib/sc/',
        'two/=lib/two/',
      ]);
    } finally {
      cleanUp(root);
    }
  });
});

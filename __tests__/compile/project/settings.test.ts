import path from 'node:path';
import { ConfigurationError } from '../../../src/errors.js';
import { readProjectSettings } from '../../../src/compile/project/settings.js';
import type { ProjectSettings } from '../../../src/compile/project/types.js';
import { cleanUp, SOL, tempProject } from './tempProject.js';

const PROFILES = `
[profile.default]
src = "contracts/"
libs = ["lib", "deps"]
solc_version = "0.8.17"
optimizer = true
optimizer_runs = 10000
via_ir = true
evm_version = "Paris"
libraries = ["src/Math.sol:Math:0x00000000000000000000000000000000000000aa"]

[profile.ci]
optimizer_runs = 1
test = "tests"

[profile.lite]
optimizer = false
solc = "0.8.20"
`;

describe('readProjectSettings', () => {
  const roots: string[] = [];
  const project = (files: Record<string, string>): string => {
    const root = tempProject(files);
    roots.push(root);
    return root;
  };
  afterAll(() => roots.forEach(cleanUp));

  type Expected = Partial<Omit<ProjectSettings, 'root' | 'remappings'>>;
  it.each<[string, Record<string, string>, Record<string, string>, Expected]>([
    [
      'no foundry.toml: forge defaults',
      { 'src/A.sol': SOL },
      {},
      {
        profile: 'default',
        src: 'src',
        test: 'test',
        script: 'script',
        libs: ['lib'],
        autoDetectSolc: true,
        optimizer: { enabled: false, runs: 200 },
        viaIR: false,
        libraries: [],
        bytecodeHash: 'ipfs',
        cborMetadata: true,
        invariant: { failOnRevert: false },
        warnings: [],
      },
    ],
    [
      'a Hardhat layout: contracts and node_modules',
      { 'contracts/A.sol': SOL, 'node_modules/x/package.json': '{}' },
      {},
      { src: 'contracts', libs: ['node_modules'] },
    ],
    ['both lib and node_modules', { 'src/A.sol': SOL, 'lib/x/A.sol': SOL, 'node_modules/x/package.json': '{}' }, {}, { libs: ['lib', 'node_modules'] }],
    [
      'the default profile',
      { 'foundry.toml': PROFILES },
      {},
      {
        profile: 'default',
        src: 'contracts',
        test: 'test',
        libs: ['lib', 'deps'],
        solc: { version: '0.8.17' },
        optimizer: { enabled: true, runs: 10000 },
        viaIR: true,
        evmVersion: 'paris',
        libraries: [{ file: 'src/Math.sol', name: 'Math', address: '0x00000000000000000000000000000000000000aa' }],
      },
    ],
    [
      'a profile inherits what it does not set from default',
      { 'foundry.toml': PROFILES },
      { FOUNDRY_PROFILE: 'ci' },
      { profile: 'ci', src: 'contracts', test: 'tests', solc: { version: '0.8.17' }, optimizer: { enabled: true, runs: 1 }, viaIR: true },
    ],
    ['a profile named in other case', { 'foundry.toml': PROFILES }, { FOUNDRY_PROFILE: 'CI' }, { profile: 'ci', test: 'tests' }],
    [
      'solc in a profile beats solc_version inherited from default',
      { 'foundry.toml': PROFILES },
      { FOUNDRY_PROFILE: 'lite' },
      { profile: 'lite', solc: { version: '0.8.20' }, optimizer: { enabled: false, runs: 10000 } },
    ],
    [
      'an unknown profile falls back to default with a warning',
      { 'foundry.toml': PROFILES },
      { FOUNDRY_PROFILE: 'nope' },
      { profile: 'default', optimizer: { enabled: true, runs: 10000 } },
    ],
    [
      'FOUNDRY_* variables override the file',
      { 'foundry.toml': PROFILES },
      { FOUNDRY_SOLC_VERSION: '0.8.24', FOUNDRY_OPTIMIZER: 'false', FOUNDRY_VIA_IR: 'false', FOUNDRY_EVM_VERSION: 'cancun', FOUNDRY_LIBS: '[lib,vendor]' },
      { solc: { version: '0.8.24' }, optimizer: { enabled: false, runs: 10000 }, viaIR: false, evmVersion: 'cancun', libs: ['lib', 'vendor'] },
    ],
    [
      'optimizer_runs alone switches the optimizer on',
      { 'foundry.toml': '[profile.default]\noptimizer_runs = 800\n' },
      {},
      { optimizer: { enabled: true, runs: 800 } },
    ],
    ['optimizer_runs = 0 alone leaves it off', { 'foundry.toml': '[profile.default]\noptimizer_runs = 0\n' }, {}, { optimizer: { enabled: false, runs: 0 } }],
    [
      'metadata settings',
      { 'foundry.toml': '[profile.default]\nbytecode_hash = "none"\ncbor_metadata = false\n' },
      {},
      { bytecodeHash: 'none', cborMetadata: false },
    ],
    ['auto_detect_solc', { 'foundry.toml': '[profile.default]\nauto_detect_solc = false\n' }, {}, { autoDetectSolc: false }],
    [
      'fail_on_revert in the top-level [invariant]',
      { 'foundry.toml': '[profile.default]\n[invariant]\nfail_on_revert = true\n' },
      {},
      { invariant: { failOnRevert: true } },
    ],
    [
      "fail_on_revert in a profile's invariant table beats [invariant]; the active profile beats default",
      {
        'foundry.toml':
          '[invariant]\nfail_on_revert = true\n[profile.default.invariant]\nfail_on_revert = false\n[profile.ci.invariant]\nfail_on_revert = true\n',
      },
      {},
      { invariant: { failOnRevert: false } },
    ],
    [
      'fail_on_revert of the active profile',
      { 'foundry.toml': '[profile.default.invariant]\nfail_on_revert = false\n[profile.ci.invariant]\nfail_on_revert = true\n' },
      { FOUNDRY_PROFILE: 'ci' },
      { invariant: { failOnRevert: true } },
    ],
    [
      'FOUNDRY_INVARIANT_FAIL_ON_REVERT overrides the file',
      { 'foundry.toml': '[invariant]\nfail_on_revert = true\n' },
      { FOUNDRY_INVARIANT_FAIL_ON_REVERT: 'false' },
      { invariant: { failOnRevert: false } },
    ],
  ])('%s', (_name, files, env, expected) => {
    const root = project(files);
    const settings = readProjectSettings(root, env);
    expect(settings).toMatchObject(expected);
    expect(settings.root).toBe(root);
    expect(settings.configFile).toBe(files['foundry.toml'] === undefined ? undefined : path.join(root, 'foundry.toml'));
  });

  it('refuses a fail_on_revert that is not true or false, naming the table', () => {
    const root = project({ 'foundry.toml': '[profile.default.invariant]\nfail_on_revert = "yes"\n' });
    expect(() => readProjectSettings(root, {})).toThrow('[profile.default.invariant] key "fail_on_revert" must be true or false, not string "yes".');
  });

  it('warns about an unknown profile', () => {
    const root = project({ 'foundry.toml': PROFILES });
    expect(readProjectSettings(root, { FOUNDRY_PROFILE: 'nope' }).warnings).toEqual([expect.stringContaining('FOUNDRY_PROFILE="nope"')]);
  });

  it('reads ffi from the file only (forge ignores FOUNDRY_FFI), and the file a profile extends', () => {
    const root = project({ 'foundry.toml': '[profile.default]\nffi = true\nextends = { path = "../base.toml", strategy = "replace-arrays" }\n' });
    expect(readProjectSettings(root, { FOUNDRY_FFI: 'false' })).toMatchObject({ ffi: true, extends: '../base.toml' });
    expect(readProjectSettings(project({ 'foundry.toml': '[profile.default]\n' }), {})).toMatchObject({ ffi: false });
  });

  it('takes a solc path as the binary to use, relative to the root', () => {
    const root = project({ 'foundry.toml': '[profile.default]\nsolc = "bin/solc-0.8.17"\n' });
    expect(readProjectSettings(root, {}).solc).toEqual({ path: path.join(root, 'bin/solc-0.8.17') });
  });

  it.each([
    ['invalid TOML', '[profile.default\nsrc = "src"\n', {}, /foundry\.toml is not valid TOML \(line 1/],
    [
      'a string where a boolean belongs',
      '[profile.default]\noptimizer = "yes"\n',
      {},
      /\[profile\.default\] key "optimizer" must be true or false, not string "yes"/,
    ],
    [
      'a wrong type in another profile',
      '[profile.ci]\noptimizer_runs = "many"\n',
      { FOUNDRY_PROFILE: 'ci' },
      /\[profile\.ci\] key "optimizer_runs" must be a non-negative integer/,
    ],
    ['libs not an array', '[profile.default]\nlibs = "lib"\n', {}, /key "libs" must be an array of strings/],
    [
      'an unknown evm_version',
      '[profile.default]\nevm_version = "frontier"\n',
      {},
      /key "evm_version" is "frontier", not an EVM version; use one of homestead/,
    ],
    ['a version range for solc', '[profile.default]\nsolc = "^0.8.0"\n', {}, /key "solc" is "\^0\.8\.0": give an exact compiler version/],
    ['a malformed library', '[profile.default]\nlibraries = ["src/Math.sol:Math"]\n', {}, /key "libraries" has "src\/Math\.sol:Math": write each library as/],
    ['a profile that is not a table', '[profile]\ndefault = 3\n', {}, /\[profile\.default\] must be a table/],
    ['a bad environment value', '', { FOUNDRY_OPTIMIZER_RUNS: 'lots' }, /Environment variable FOUNDRY_OPTIMIZER_RUNS must be a non-negative integer/],
    ['an invalid remapping', '[profile.default]\nremappings = ["nonsense"]\n', {}, /Invalid remapping "nonsense" in .*foundry\.toml "remappings"/],
    // A pull request chooses foundry.toml: nothing it names may lead forge or Lookout out of the project.
    [
      'a library folder outside the project',
      '[profile.default]\nlibs = ["lib", "../../shared"]\n',
      {},
      /key "libs" is "\.\.\/\.\.\/shared", outside the project/,
    ],
    [
      'an absolute output folder',
      '[profile.default]\nout = "/home/runner/work/_temp"\n',
      {},
      /key "out" is "\/home\/runner\/work\/_temp", outside the project/,
    ],
    [
      'file-system permissions outside the project',
      '[profile.default]\nfs_permissions = [{ access = "read", path = "./" }, { access = "read-write", path = "../../_temp" }]\n',
      {},
      /key "fs_permissions" is "\.\.\/\.\.\/_temp", outside the project/,
    ],
    [
      'fs_permissions that are not tables',
      '[profile.default]\nfs_permissions = ["/"]\n',
      {},
      /key "fs_permissions" must be an array of \{ access = "…", path = "…" \} tables/,
    ],
  ])('rejects %s with the file and key', (_name, toml, env, message) => {
    const root = project({ 'foundry.toml': toml });
    const read = () => readProjectSettings(root, env);
    expect(read).toThrow(ConfigurationError);
    expect(read).toThrow(message);
    if (Object.keys(env).length === 0 || 'FOUNDRY_PROFILE' in env) expect(read).toThrow(path.join(root, 'foundry.toml'));
  });
});

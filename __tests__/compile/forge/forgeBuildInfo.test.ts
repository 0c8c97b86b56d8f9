import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCommand } from '../../../src/command.js';
import { ConfigurationError } from '../../../src/errors.js';
import { memoryLogger } from '../../../src/logger.js';
import type { Report } from '../../../src/report/types.js';
import { forgeBuildInfo, type ForgeBuildOptions, type ForgeCompilation, isForgeAvailable } from '../../../src/compile/forge/index.js';
import { REPO_ROOT } from '../../helpers/repoRoot.js';
import { forgeBinary, serveSolcWrappers } from '../../helpers/solcWrapper.js';

// A Foundry project shaped like a real one: a pinned older solc with the optimizer, a lib/ dependency
// reached through a remapping (its own pragma range), an external library to link, a mock kept under
// test/, and a test importing forge-std, which is not installed: compiling it would fail the build.
const PROJECT: Record<string, string> = {
  'foundry.toml': `[profile.default]
src = "src"
test = "test"
libs = ["lib"]
solc = "0.8.17"
optimizer = true
optimizer_runs = 200
remappings = ["dep/=lib/dep/src/"]
`,
  'lib/dep/src/Math.sol': `// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0 <0.9.0;
library Math {
    function max(uint256 a, uint256 b) internal pure returns (uint256) { return a > b ? a : b; }
}
library Doubler {
    function twice(uint256 a) public pure returns (uint256) { return 2 * a; }
}
`,
  'src/Counter.sol': `// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;
import {Math, Doubler} from "dep/Math.sol";
contract Counter {
    uint256 public count;
    address public immutable owner;
    constructor(uint256 start) { count = start; owner = msg.sender; }
    function raise(uint256 to) external { count = Math.max(count, Doubler.twice(to)); }
}
`,
  'test/mocks/MockToken.sol': `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract MockToken {
    mapping(address => uint256) public balanceOf;
    function mint(address to, uint256 amount) external { balanceOf[to] += amount; }
}
`,
  'test/Counter.t.sol': `// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;
import {Test} from "forge-std/Test.sol";
contract CounterTest is Test {}
`,
};

let home: string;
let root: string;
let options: ForgeBuildOptions;
const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });
if (!forgeRuns) console.warn(`skipping forge build-info tests: ${forgeBinary()} does not run on this machine`);
const describeForge = forgeRuns ? describe : describe.skip;

beforeEach(async () => {
  home = mkdtempSync(path.join(tmpdir(), 'lookout-forge-home-'));
  root = mkdtempSync(path.join(tmpdir(), 'lookout-forge-project-'));
  for (const [file, content] of Object.entries(PROJECT)) write(file, content);
  await serveSolcWrappers(path.join(home, '.svm'), ['0.8.17']);
  const { FOUNDRY_PROFILE: _profile, ...env } = process.env;
  options = { forge: forgeBinary(), env: { ...env, HOME: home } };
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

function write(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

function contract(compilations: ForgeCompilation[], unit: string, name: string) {
  const found = compilations.flatMap((c) => c.output.contracts?.[unit]?.[name] ?? []);
  expect(found).toHaveLength(1);
  return found[0];
}

async function failure(promise: Promise<unknown>): Promise<ConfigurationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigurationError);
  return error as ConfigurationError;
}

describeForge('forgeBuildInfo', () => {
  it('reads one compilation with the pinned version, the profile settings and everything Lookout needs', async () => {
    const compilations = await forgeBuildInfo(root, options);

    expect(compilations).toHaveLength(1);
    const [compilation] = compilations;
    expect(compilation).toMatchObject({ version: '0.8.17', longVersion: '0.8.17+commit.8df45f5f', source: 'forge' });
    expect(compilation.settings).toMatchObject({ optimizer: { enabled: true, runs: 200 }, remappings: ['dep/=lib/dep/src/'] });
    expect(compilation.settings).not.toHaveProperty('outputSelection');
    // Unit names are relative to the root; the mock is compiled, the test is skipped.
    expect([...compilation.contents.keys()].sort()).toEqual(['lib/dep/src/Math.sol', 'src/Counter.sol', 'test/mocks/MockToken.sol']);
    expect(compilation.contents.get('src/Counter.sol')).toBe(PROJECT['src/Counter.sol']);
    expect(Object.keys(compilation.output.sources ?? {}).sort()).toEqual([...compilation.contents.keys()].sort());
    expect(compilation.output.sources?.['src/Counter.sol'].ast.nodeType).toBe('SourceUnit');

    const counter = contract(compilations, 'src/Counter.sol', 'Counter');
    for (const code of [counter.evm.bytecode, counter.evm.deployedBytecode]) {
      expect(code.object.length).toBeGreaterThan(100);
      expect(code.sourceMap).toMatch(/^\d+:\d+:\d+:/);
      expect(code.linkReferences['lib/dep/src/Math.sol']?.Doubler).toHaveLength(1);
    }
    // The constructor's ABI decoder is compiler-generated Yul.
    expect(counter.evm.bytecode.generatedSources?.map((g) => g.name)).toContain('#utility.yul');
    expect(Object.values(counter.evm.deployedBytecode.immutableReferences ?? {})).toHaveLength(1);
    expect(counter.storageLayout?.storage.map((v) => v.label)).toEqual(['count']);
    expect(counter.abi).toContainEqual(expect.objectContaining({ type: 'function', name: 'raise' }));
    expect(contract(compilations, 'test/mocks/MockToken.sol', 'MockToken').storageLayout?.storage[0].label).toBe('balanceOf');
  });

  it('compiles tests and scripts when asked, and fails with forge’s message when they do not compile', async () => {
    const error = await failure(forgeBuildInfo(root, { ...options, includeTestsAndScripts: true }));
    expect(error.message).toContain('forge build failed in');
    expect(error.message).toContain('test/Counter.t.sol');
  });

  // The npm package's shim (node_modules/.bin/forge) exits 0 even when forge fails.
  it.each([
    ['the forge binary', forgeBinary()],
    ['the npm shim', path.join(REPO_ROOT, 'node_modules', '.bin', 'forge')],
  ])('fails with forge’s compiler error naming the file, run through %s', async (_how, forge) => {
    write('src/Broken.sol', 'pragma solidity 0.8.17;\ncontract Broken { function f() external { missing = 1; } }\n');
    const error = await failure(forgeBuildInfo(root, { ...options, forge }));
    expect(error.message).toContain('Undeclared identifier');
    expect(error.message).toContain('src/Broken.sol:2');
  });

  it('fails naming the version when the pinned solc is not installed (offline)', async () => {
    write('foundry.toml', PROJECT['foundry.toml'].replace('0.8.17', '0.8.20'));
    const error = await failure(forgeBuildInfo(root, options));
    expect(error.message).toContain('0.8.20');
  });

  it('makes one compilation per auto-detected version when no solc is pinned', async () => {
    await serveSolcWrappers(path.join(home, '.svm'), ['0.8.37']);
    write('foundry.toml', PROJECT['foundry.toml'].replace('solc = "0.8.17"\n', ''));
    write('src/Newer.sol', '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\ncontract Newer { uint256 public n; }\n');

    const compilations = await forgeBuildInfo(root, options);

    const byVersion = new Map(compilations.map((c) => [c.version, [...c.contents.keys()].sort()]));
    expect(byVersion.get('0.8.17')).toEqual(['lib/dep/src/Math.sol', 'src/Counter.sol']);
    // The newest installed version that satisfies each file, as forge's auto-detect picks.
    expect(byVersion.get('0.8.37')).toEqual(['src/Newer.sol', 'test/mocks/MockToken.sol']);
    expect(compilations.find((c) => c.version === '0.8.37')?.longVersion).toMatch(/^0\.8\.37\+commit\./);
  });

  it('reuses forge’s cache in workDir and drops outputs that a later edit made stale', async () => {
    const workDir = mkdtempSync(path.join(tmpdir(), 'lookout-forge-work-'));
    try {
      await forgeBuildInfo(root, { ...options, workDir });
      const edited = PROJECT['src/Counter.sol'].replace('uint256 public count;', 'uint256 public count;\n    uint256 public raises;');
      write('src/Counter.sol', edited);

      const compilations = await forgeBuildInfo(root, { ...options, workDir });

      // Two build-infos now: the first keeps only what did not change (Math, the mock), the second
      // holds the recompiled Counter with its imports.
      expect(compilations).toHaveLength(2);
      const counters = compilations.filter((c) => c.contents.has('src/Counter.sol'));
      expect(counters).toHaveLength(1);
      expect(counters[0].contents.get('src/Counter.sol')).toBe(edited);
      expect(contract(compilations, 'src/Counter.sol', 'Counter').storageLayout?.storage.map((v) => v.label)).toEqual(['count', 'raises']);
      expect(contract(compilations, 'test/mocks/MockToken.sol', 'MockToken').evm.bytecode.object).not.toBe('');
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describeForge('lookout fuzz with compiler = "forge" in lookout.toml', () => {
  it('builds through forge build-info and fuzzes what it built', async () => {
    write('lookout.toml', 'compiler = "forge"\n');
    write(
      'src/Slots.sol',
      'pragma solidity 0.8.17;\ncontract Slots {\n    uint256[2] public slots;\n    function put(uint256 i) external {\n        slots[i] = 1;\n    }\n}\n',
    );
    const bin = mkdtempSync(path.join(tmpdir(), 'lookout-forge-bin-'));
    symlinkSync(forgeBinary(), path.join(bin, 'forge'));
    const saved = { PATH: process.env.PATH, HOME: process.env.HOME };
    // forge from PATH, its solc from svm's folder under HOME, as on a machine with Foundry installed.
    process.env.PATH = `${bin}${path.delimiter}${saved.PATH}`;
    process.env.HOME = home;
    try {
      const json = path.join(root, 'report.json');
      const logger = memoryLogger();
      // put(2) fails in the campaign's first transaction.
      const status = await runCommand(['fuzz', path.join(root, 'src/Slots.sol'), '--budget', '100x', '--workers', '1', '--json', json], {
        cwd: tmpdir(),
        logger,
        write: () => undefined,
      });
      const report = JSON.parse(readFileSync(json, 'utf8')) as Report;
      expect(report.build?.compilers.map((c) => [c.version, c.source])).toContainEqual(['0.8.17', 'forge']);
      expect(report.findings.map((f) => [f.kind, f.panicCode, f.file, f.line])).toEqual([['panic', '0x32', 'src/Slots.sol', 5]]);
      expect(status).toBe(1);
    } finally {
      process.env.PATH = saved.PATH;
      process.env.HOME = saved.HOME;
      rmSync(bin, { recursive: true, force: true });
    }
  });
});

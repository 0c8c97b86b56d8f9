/**
 * Issue 28: the pull request is untrusted input. Each test is one probe of the issue on a tiny real
 * repository, run as a required check runs it: forge 1.7.1 from npm on PATH (a solc-js stand-in in
 * svm's folder), a token in the environment, ffi switched on by the pull request's own foundry.toml.
 */
import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isForgeAvailable } from '../../src/compile/forge/index.js';
import { forgeBinary, serveSolcWrappers } from '../helpers/solcWrapper.js';
import { lookoutPr, PrRepo, type PrRun } from './prRepo.js';

/** Lookout's own forge-std stand-in. */
const FORGE_STD = fileURLToPath(new URL('../../__fixtures__/foundry-tests/vault/lib/', import.meta.url));
const TOKEN = 'ghs_job_token_the_pull_request_must_not_see';

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});
async function folder(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** As foundry-toolchain leaves a job: forge on PATH, its compilers under HOME; and the job's token. */
async function asRequiredCheck<T>(use: () => Promise<T>): Promise<T> {
  const home = await folder('lookout-untrusted-home-');
  await serveSolcWrappers(path.join(home, '.svm'), ['0.8.17']);
  const saved = { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_TOKEN: process.env.GITHUB_TOKEN, input: process.env['INPUT_GITHUB-TOKEN'] };
  process.env.PATH = `${path.dirname(forgeBinary())}${path.delimiter}${process.env.PATH}`;
  process.env.HOME = home;
  process.env.GITHUB_TOKEN = TOKEN;
  process.env['INPUT_GITHUB-TOKEN'] = TOKEN;
  try {
    return await use();
  } finally {
    for (const [name, value] of Object.entries({ PATH: saved.PATH, HOME: saved.HOME, GITHUB_TOKEN: saved.GITHUB_TOKEN, 'INPUT_GITHUB-TOKEN': saved.input })) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

const forgeRuns = await isForgeAvailable({ forge: forgeBinary() });
if (!forgeRuns) console.warn(`not running the forge probes: ${forgeBinary()} does not run on this machine`);
const withForge = forgeRuns ? it : it.skip;

const FOUNDRY_TOML = (extra = '') => `[profile.default]\nsrc = "src"\ntest = "test"\nlibs = ["lib"]\nsolc = "0.8.17"\n${extra}`;
const box = (body: string) => `// SPDX-License-Identifier: MIT
pragma solidity 0.8.17;

contract Box {
    uint256 public stored;

    function put(uint256 x) external {
${body}
        stored = x;
    }
}
`;
/** On its failing path, head asks forge's cheatcode address to run a shell command (vm.ffi). */
const ffiBox = (marker: string) =>
  box(`        if (x == 7) {
            string[] memory command = new string[](3);
            command[0] = "sh";
            command[1] = "-c";
            command[2] = "env > ${marker}";
            (bool ran, ) = address(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D).call(abi.encodeWithSignature("ffi(string[])", command));
            ran;
            assert(false);
        }`);

async function boxRepository(foundryToml: string, head: string, extra: Record<string, string> = {}): Promise<PrRepo> {
  const repo = await PrRepo.create();
  scratch.push(repo.dir);
  await cp(FORGE_STD, path.join(repo.dir, 'lib'), { recursive: true });
  await repo.write('foundry.toml', FOUNDRY_TOML());
  await repo.write('src/Box.sol', box(''));
  // forge only runs tests under the test folder, where the reproducer check writes them.
  await repo.write('test/README.md', 'Tests of Box.\n');
  await repo.commit('base');
  await repo.write('foundry.toml', foundryToml);
  await repo.write('src/Box.sol', head);
  for (const [file, content] of Object.entries(extra)) await repo.write(file, content);
  await repo.commit('head');
  return repo;
}

describe("nothing the pull request controls runs with the job's secrets", () => {
  withForge(
    'the reproducer check does not run forge on a pull request whose foundry.toml sets ffi = true (forge ignores FOUNDRY_FFI): the command is not run, and the report says why',
    async () => {
      const marker = path.join(await folder('lookout-ffi-marker-'), 'env.txt');
      const repo = await boxRepository(FOUNDRY_TOML('ffi = true\n'), ffiBox(marker));
      // The assertion is found after 6 transactions.
      const run = await asRequiredCheck(() => lookoutPr(repo, { budget: '100x' }));
      const finding = run.report.findings.find((f) => f.kind === 'assertion')!;
      expect(finding.reproducer!.runs).toContainEqual({
        runner: 'forge',
        revision: 'head',
        outcome: 'skipped',
        reason: expect.stringMatching(
          /sets ffi = true: the pull request's tests could run any command through vm\.ffi .*so running the reproducers? with forge is refused/,
        ),
      });
      expect(existsSync(marker)).toBe(false);
    },
    300_000,
  );

  withForge(
    'forge still checks the reproducer of the same pull request when its foundry.toml leaves ffi off (and the command is refused by forge)',
    async () => {
      const repo = await boxRepository(FOUNDRY_TOML(), ffiBox(path.join(await folder('lookout-ffi-marker-'), 'env.txt')));
      // As above, the assertion is found after 6 transactions.
      const run = await asRequiredCheck(() => lookoutPr(repo, { budget: '100x' }));
      const finding = run.report.findings.find((f) => f.kind === 'assertion')!;
      expect(finding.reproducer!.runs).toContainEqual(expect.objectContaining({ runner: 'forge', revision: 'head', outcome: 'failed' }));
    },
    300_000,
  );

  withForge(
    'compiler = "forge" with a solc binary committed by the pull request: refused before forge runs it, with what to write instead',
    async () => {
      const marker = path.join(await folder('lookout-solc-marker-'), 'ran.txt');
      const solc = `#!/bin/sh\necho "$@" > ${marker}\nexit 1\n`;
      const repo = await boxRepository(FOUNDRY_TOML().replace('solc = "0.8.17"', 'solc = "./tools/solc"'), box('        x;'), {
        'lookout.toml': 'compiler = "forge"\n',
        'tools/solc': solc,
      });
      await chmod(path.join(repo.dir, 'tools/solc'), 0o755);
      await repo.commit('executable solc');
      const run = await asRequiredCheck(() => lookoutPr(repo, { budget: '200x', base: 'HEAD~2' }));
      expect(run.status).toBe(2);
      expect(run.log.join('\n')).toMatch(
        /foundry\.toml pins solc to the binary tools\/solc; Lookout never runs a pull request's executables.*Pin a version instead \(solc = "0\.8\.x"\)/s,
      );
      expect(existsSync(marker)).toBe(false);
    },
    300_000,
  );
});

describe('nothing is written or deleted outside the workspace', () => {
  it('a committed `lib` symlink to a folder outside the repository is not followed when head is exported: the folder is left as it was', async () => {
    const outside = await folder('lookout-outside-');
    for (const sub of ['empty', 'deep/empty', 'kept']) await mkdir(path.join(outside, sub), { recursive: true });
    await writeFile(path.join(outside, 'kept', 'file.txt'), 'mine\n');
    const listing = async () => (await readdir(outside, { recursive: true })).sort();
    const before = await listing();

    const repo = await PrRepo.create();
    scratch.push(repo.dir);
    await repo.write('foundry.toml', FOUNDRY_TOML());
    await repo.write('src/Box.sol', box(''));
    await repo.commit('base');
    await repo.write('src/Box.sol', box('        require(x != 3);'));
    await import('node:fs/promises').then((fs) => fs.symlink(outside, path.join(repo.dir, 'lib')));
    await repo.commit('head');
    // The Action's checkout: a merge commit on top, so head is exported rather than built in place.
    await repo.git('commit', '-q', '--allow-empty', '-m', 'merge');

    const run = await lookoutPr(repo, { budget: '300x', base: 'HEAD~2', head: 'HEAD~1' });
    expect(run.status).toBe(0);
    expect(run.log).toContainEqual(expect.stringMatching(/^warning: lib is a symlink committed to point outside the repository: Lookout does not follow it/));
    expect(await listing()).toEqual(before);
    for (const sub of ['empty', 'deep/empty']) expect(lstatSync(path.join(outside, sub)).isDirectory()).toBe(true);
  });

  it('a committed `lookout-report` symlink does not carry the reproducers out of the workspace: the run stops before compiling, naming the link', async () => {
    const outside = await folder('lookout-outside-');
    const repo = await boxRepository(FOUNDRY_TOML(), box('        assert(x != 7);'));
    await import('node:fs/promises').then((fs) => fs.symlink(outside, path.join(repo.dir, 'lookout-report')));
    await repo.commit('a report folder of its own');
    const reproducers = path.join(repo.dir, 'lookout-report', 'reproducers');
    const run = await lookoutPr(repo, { budget: '1500x', base: 'HEAD~2', extra: ['--reproducers', reproducers] });
    expect(run.status).toBe(2);
    expect(run.log).not.toContain('== Compiling head');
    expect(run.log.join('\n')).toContain(
      `cannot write the reproducers to ${reproducers}: ${path.join(repo.dir, 'lookout-report')} is a symlink in the checkout`,
    );
    expect(await readdir(outside)).toEqual([]);
  });

  it('a foundry.toml folder outside the project (test = "../outside") is refused, naming the key, and nothing is created there', async () => {
    const parent = await folder('lookout-parent-');
    const repo = await boxRepository(FOUNDRY_TOML().replace('test = "test"', `test = "../${path.basename(parent)}/written"`), box('        assert(x != 7);'));
    const run = await lookoutPr(repo, { budget: '1500x' });
    expect(run.status).toBe(2);
    expect(run.log.join('\n')).toMatch(
      /\[profile\.default\] key "test" is "\.\.\/.*\/written", outside the project: Lookout reads and writes nothing outside it/,
    );
    // Named where the user sees it, not in head's temporary export.
    expect(run.log.join('\n')).toContain(`${path.join(repo.dir, 'foundry.toml')} [profile.default] key "test"`);
    expect(existsSync(path.join(parent, 'written'))).toBe(false);
  });
});

describe('Lookout never reads its own outputs as the project', () => {
  it('a second run in the same workspace, with the reproducers written inside the repository, gives the same verdict and findings', async () => {
    const repo = await boxRepository(FOUNDRY_TOML(), box('        assert(x != 7);'));
    const reproducers = path.join(repo.dir, 'lookout-report', 'reproducers');
    const twice: PrRun[] = [];
    // The assertion is found after 4 transactions.
    for (let i = 0; i < 2; i++) twice.push(await lookoutPr(repo, { budget: '100x', extra: ['--reproducers', reproducers] }));
    const [first, second] = twice;
    expect(first.status).toBe(1);
    expect(existsSync(path.join(reproducers, 'Box.assertion.t.sol'))).toBe(true);
    expect(second.status).toBe(first.status);
    const findings = (run: PrRun) => run.report.findings.map((f) => [f.kind, f.contract, f.function, f.line, f.introduced, f.reproducer?.verified]);
    expect(findings(second)).toEqual(findings(first));
    // Wall-clock fields aside: the same targets, reached in the same sequences.
    const targets = (run: PrRun) => run.report.targets.map(({ firstReachedMs: _ms, ...target }) => target);
    expect(targets(second)).toEqual(targets(first));
  });
});

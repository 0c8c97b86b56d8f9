/**
 * Issue 28: forge runs on the pull request's code (its tests, its build), so it sees none of the
 * job's secrets. A stand-in `forge` records the environment it was given.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forgeBuildInfo } from '../../src/compile/forge/index.js';
import { untrustedToolEnvironment } from '../../src/compile/index.js';
import { runWithForge } from '../../src/reproducers/forge.js';

const JOB = {
  PATH: process.env.PATH,
  HOME: '/home/runner',
  FOUNDRY_PROFILE: 'ci',
  GITHUB_TOKEN: 'ghs_a',
  GH_TOKEN: 'ghs_b',
  'INPUT_GITHUB-TOKEN': 'ghs_c',
  ACTIONS_RUNTIME_TOKEN: 'runtime',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions',
  NPM_AUTH: 'npm',
  DEPLOYER_PRIVATE_KEY: '0x01',
  ETHERSCAN_API_KEY: 'etherscan',
  MAINNET_RPC_URL: 'https://eth.example/v2/key',
  AWS_SECRET_ACCESS_KEY: 'aws',
  DB_PASSWORD: 'db',
};
const WITHHELD = Object.keys(JOB).filter((name) => !['PATH', 'HOME', 'FOUNDRY_PROFILE'].includes(name));

let dir: string;
let forge: string;
const seen = () => readFile(path.join(dir, 'env.txt'), 'utf8');
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lookout-forge-env-'));
  forge = path.join(dir, 'forge');
  // It passes the test of A.t.sol in the folder `--match-path <folder>/*` names, as forge reports it.
  const script = [
    '#!/bin/sh',
    `env > ${path.join(dir, 'env.txt')}`,
    'while [ $# -gt 0 ] && [ "$1" != "--match-path" ]; do shift; done',
    'echo "Ran 1 test for ${2%/*}/A.t.sol:ATest"',
    'echo "[PASS] test_reproduce() (gas: 1)"',
  ];
  await writeFile(forge, `${script.join('\n')}\n`);
  await chmod(forge, 0o755);
  await writeFile(path.join(dir, 'foundry.toml'), '[profile.default]\n[profile.ci]\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("forge never sees the job's secrets", () => {
  it('untrustedToolEnvironment keeps what forge needs and withholds tokens, inputs, runner credentials and secret-looking variables', () => {
    const env = untrustedToolEnvironment(JOB);
    expect(env).toEqual({ PATH: JOB.PATH, HOME: '/home/runner', FOUNDRY_PROFILE: 'ci' });
  });

  it('the reproducer check runs forge test in that environment', async () => {
    const outcomes = await runWithForge(dir, [{ file: 'A.t.sol', contract: 'ATest', source: '', solidityVersion: '0.8.17' }], { forge, env: JOB });
    expect(outcomes).toEqual([{ outcome: 'passed', reason: null }]);
    const env = await seen();
    expect(env).toMatch(/^FOUNDRY_PROFILE=ci$/m);
    for (const name of WITHHELD) expect(env).not.toContain(`${name}=`);
  });

  it('compiler = "forge" runs forge build in that environment', async () => {
    await forgeBuildInfo(dir, { forge, env: JOB });
    const env = await seen();
    expect(env).toMatch(/^HOME=\/home\/runner$/m);
    for (const name of WITHHELD) expect(env).not.toContain(`${name}=`);
  });
});

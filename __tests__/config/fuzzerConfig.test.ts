/** echidna.yaml and medusa.json as Lookout reads them (issue 33 item 2): key names as Echidna's and Medusa's sources spell them. */
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { harnessChain, readHarnessConfig } from '../../src/config/index.js';
import { ConfigurationError } from '../../src/errors.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lookout-fuzzer-config-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const address = (n: string) => `0x${n.padStart(40, '0')}`;

describe('readHarnessConfig', () => {
  it("reads echidna.yaml's senders, deployer, delays, filter, balance, mode and sequence length, and lists the keys it does not read", async () => {
    await writeFile(
      path.join(root, 'echidna.yaml'),
      [
        'testMode: assertion',
        'sender: [0x10000, "0x20000"]',
        'deployer: "0x7FA9385bE102ac3EAc297483Dd6233D62b3e1496"',
        'maxTimeDelay: 3600',
        'maxBlockDelay: 300',
        'filterBlacklist: false',
        'filterFunctions: ["CryticTester.pool_deposit(uint256)"]',
        'balanceContract: 1000000000000000000000',
        'seqLen: 25',
        'corpusDir: echidna',
      ].join('\n'),
    );
    const config = readHarnessConfig(root);
    expect(config).toMatchObject({
      files: ['echidna.yaml'],
      senders: [address('10000'), address('20000')],
      deployer: '0x7fa9385be102ac3eac297483dd6233d62b3e1496',
      maxTimeDelay: 3600,
      maxBlockDelay: 300,
      functionFilter: { signatures: ['CryticTester.pool_deposit(uint256)'], exclude: false },
      balances: { any: 10n ** 21n },
      properties: false,
      maxSequenceLength: 25,
      corpora: [{ fuzzer: 'echidna', dir: 'echidna', path: path.join(root, 'echidna') }],
      notes: [],
    });
  });

  it("reads medusa.json's target contracts and their balances, and says once that optimization testing is not run", async () => {
    const medusa = {
      fuzzing: {
        targetContracts: ['CryticTester'],
        targetContractsBalances: ['1e21'],
        senderAddresses: ['0x10000'],
        blockTimestampDelayMax: 10,
        testing: { propertyTesting: { enabled: false }, optimizationTesting: { enabled: true }, traceAll: true },
      },
    };
    await writeFile(path.join(root, 'medusa.json'), JSON.stringify(medusa));
    const config = readHarnessConfig(root);
    expect(config.contracts).toEqual(['CryticTester']);
    expect(config.balances).toEqual(new Map([['CryticTester', 10n ** 21n]]));
    expect(config.properties).toBe(false);
    expect(config.notes).toEqual([
      'medusa.json: not read by Lookout: fuzzing.testing.traceAll.',
      'medusa.json: optimization testing is not supported: Lookout checks properties and assertions.',
    ]);
    // lookout.toml's chain keys win where both speak.
    expect(harnessChain(config, { maxTimeDelay: 5 })).toMatchObject({ senders: [address('10000')], maxTimeDelay: 5 });
  });

  it('reads no corpus folder outside the project the files name (they are the pull request’s): a note instead', async () => {
    const outside = await mkdtemp(path.join(tmpdir(), 'lookout-outside-'));
    await symlink(outside, path.join(root, 'linked'));
    await writeFile(path.join(root, 'echidna.yaml'), `corpusDir: "${outside}"\n`);
    await writeFile(path.join(root, 'medusa.json'), JSON.stringify({ fuzzing: { corpusDirectory: 'linked' } }));
    const config = readHarnessConfig(root);
    expect(config.corpora).toEqual([]);
    expect(config.notes).toEqual([
      `echidna.yaml: corpus folder ${outside} is outside the project: not read.`,
      'medusa.json: corpus folder linked is outside the project: not read.',
    ]);
    await writeFile(path.join(root, 'echidna.yaml'), 'corpusDir: "../elsewhere"\n');
    await rm(path.join(root, 'medusa.json'));
    expect(readHarnessConfig(root).corpora).toEqual([]);
    await rm(outside, { recursive: true, force: true });
  });

  it('takes echidna.yaml where both files set a value, and fails on a value of the wrong type naming file and key', async () => {
    await writeFile(path.join(root, 'echidna.yaml'), 'deployer: 0x30000\n');
    await writeFile(path.join(root, 'medusa.json'), JSON.stringify({ fuzzing: { deployerAddress: '0x40000' } }));
    expect(readHarnessConfig(root).deployer).toBe(address('30000'));
    // Properties: either file checking them is enough (create-chimera-app: Echidna in assertion mode, Medusa testing properties).
    await writeFile(path.join(root, 'echidna.yaml'), 'testMode: assertion\n');
    expect(readHarnessConfig(root).properties).toBe(true);
    await writeFile(path.join(root, 'medusa.json'), JSON.stringify({ fuzzing: { testing: { propertyTesting: { enabled: false } } } }));
    expect(readHarnessConfig(root).properties).toBe(false);
    await writeFile(path.join(root, 'echidna.yaml'), 'sender: "alice"\n');
    expect(() => readHarnessConfig(root)).toThrow(ConfigurationError);
    expect(() => readHarnessConfig(root)).toThrow('echidna.yaml: `sender` must be a non-empty list of addresses.');
  });
});

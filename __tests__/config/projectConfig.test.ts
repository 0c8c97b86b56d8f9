import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executorOptions } from '../../src/run/worlds.js';
import { parseProjectConfig, readProjectConfig } from '../../src/config/projectConfig.js';
import { ConfigurationError } from '../../src/errors.js';

const FILE = 'project/lookout.toml';

describe('parseProjectConfig', () => {
  it('reads deploy and skip lists and per-contract pins', () => {
    const config = parseProjectConfig(
      `
deploy = ["Registry", "src/a/C.sol:C"]
skip = ["Legacy"]

[contracts.Vault]
args = [{ contract = "MockERC20" }, "1000000000000000000000000", true, { sender = "alice" }, [1, -2], "0xdead", "10 gwei"]
value = "1.5 ether"
deployer = "bob"

[contracts."src/b/C.sol:C"]
deploy = false

[contracts.Funded]
value = 7
`,
      FILE,
    );
    expect(config.file).toBe(FILE);
    expect(config.deploy).toEqual([
      { ref: 'Registry', key: 'deploy[0]' },
      { ref: 'src/a/C.sol:C', key: 'deploy[1]' },
    ]);
    expect(config.skip).toEqual([
      { ref: 'Legacy', key: 'skip[0]' },
      { ref: 'src/b/C.sol:C', key: 'contracts."src/b/C.sol:C"' },
    ]);
    const vault = config.contracts[0];
    expect(vault).toMatchObject({ ref: 'Vault', key: 'contracts.Vault', value: 1_500_000_000_000_000_000n, deployer: 2 });
    expect(vault.args).toEqual([
      { key: 'contracts.Vault.args[0]', kind: 'contract', ref: 'MockERC20' },
      { key: 'contracts.Vault.args[1]', kind: 'literal', value: '1000000000000000000000000' },
      { key: 'contracts.Vault.args[2]', kind: 'literal', value: true },
      { key: 'contracts.Vault.args[3]', kind: 'sender', sender: 1 },
      {
        key: 'contracts.Vault.args[4]',
        kind: 'list',
        items: [
          { key: 'contracts.Vault.args[4][0]', kind: 'literal', value: 1n },
          { key: 'contracts.Vault.args[4][1]', kind: 'literal', value: -2n },
        ],
      },
      { key: 'contracts.Vault.args[5]', kind: 'literal', value: '0xdead' },
      { key: 'contracts.Vault.args[6]', kind: 'literal', value: '10 gwei' },
    ]);
    expect(config.contracts.map((c) => [c.ref, c.value])).toEqual([
      ['Vault', 1_500_000_000_000_000_000n],
      ['src/b/C.sol:C', undefined],
      ['Funded', 7n],
    ]);
  });

  it.each([
    ['"10 gwei"', 10_000_000_000n],
    ['"0x10"', 16n],
    ['"123"', 123n],
    ['123', 123n],
    ['"2 ether"', 2n * 10n ** 18n],
  ])('reads value = %s as %s wei', (value, wei) => {
    expect(parseProjectConfig(`[contracts.A]\nvalue = ${value}`, FILE).contracts[0].value).toBe(wei);
  });

  it('reads the chain model: senders, deployer, gas limit, delays and panic codes', () => {
    const config = parseProjectConfig(
      'senders = ["0x1", "0x20000"]\ndeployer = "0x30000"\ngas-limit = 5000000\nmax-block-delay = 0\nmax-time-delay = "0x15180"\npanic-codes = [0x11, "0x32"]',
      FILE,
    );
    expect(config.chain).toEqual({
      senders: ['0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000020000'],
      deployer: '0x0000000000000000000000000000000000030000',
      gasLimit: 5_000_000n,
      maxBlockDelay: 0,
      maxTimeDelay: 86_400,
      panicCodes: new Set([0x11, 0x32]),
    });
    expect(parseProjectConfig('', FILE).chain).toEqual({});
  });

  it.each([
    [
      'an unknown top-level key',
      'sender = 3',
      /`sender` is not a known key \(known here: compiler, deploy, skip, contracts, senders, deployer, gas-limit, max-block-delay, max-time-delay, panic-codes\)/,
    ],
    ['senders that are no list', 'senders = "0x1"', /`senders` must be a non-empty array of addresses/],
    ['a sender that is no address', 'senders = ["0x1", "alice"]', /`senders\[1\]` must be an address written as a 0x-hex string/],
    ['a sender listed twice', 'senders = ["0x10000", "0x010000"]', /`senders` lists 0x0000000000000000000000000000000000010000 twice/],
    ['a deployer too long', `deployer = "0x${'1'.repeat(41)}"`, /`deployer` must be an address/],
    ['a gas limit below any call', 'gas-limit = 100', /`gas-limit` must be an integer from 30000 to 1000000000 \(got 100\)/],
    ['a negative delay', 'max-time-delay = -1', /`max-time-delay` must be an integer from 0/],
    ['a float delay', 'max-block-delay = 1.5', /`max-block-delay` must be an integer/],
    [
      'an unknown panic code',
      'panic-codes = [0x11, 0x99]',
      /`panic-codes\[1\]` is not a Solidity Panic code \(got 153\); known: 0x00 \(generic compiler panic\)/,
    ],
    ['the assertion panic code', 'panic-codes = [0x01]', /`panic-codes\[0\]` is 0x01, assert, which is always reported/],
    ['an unknown contract key', '[contracts.Vault]\narg = []', /`contracts\.Vault\.arg` is not a known key/],
    ['args that are not an array', '[contracts.Vault]\nargs = 1', /`contracts\.Vault\.args` must be an array/],
    ['a float argument', '[contracts.Vault]\nargs = [1.5]', /`contracts\.Vault\.args\[0\]` is a float/],
    [
      'an unknown sender',
      '[contracts.Vault]\nargs = [1, { sender = "carol" }]',
      /`contracts\.Vault\.args\[1\]\.sender` names an unknown sender "carol": the senders are deployer, alice, bob/,
    ],
    ['an unknown deployer', '[contracts.Vault]\ndeployer = "eve"', /`contracts\.Vault\.deployer` names an unknown sender/],
    ['a table that is no reference', '[contracts.Vault]\nargs = [{ contract = "A", sender = "bob" }]', /`contracts\.Vault\.args\[0\]` must be a literal/],
    ['a reference that is no name', '[contracts.Vault]\nargs = [{ contract = 3 }]', /`contracts\.Vault\.args\[0\]\.contract` must be a contract name/],
    ['a wrong value type', '[contracts.Vault]\nvalue = true', /`contracts\.Vault\.value` must be a non-negative amount of wei/],
    ['a fractional wei', '[contracts.Vault]\nvalue = "0.5 wei"', /`contracts\.Vault\.value` must be a non-negative amount/],
    ['a negative value', '[contracts.Vault]\nvalue = -1', /`contracts\.Vault\.value` must be a non-negative amount/],
    ['a deploy flag that is no boolean', '[contracts.Vault]\ndeploy = "no"', /`contracts\.Vault\.deploy` must be true or false/],
    ['a skip list of numbers', 'skip = [1]', /`skip\[0\]` must be a contract name/],
    ['a contract key that is no name', '[contracts."not a name"]', /`contracts\."not a name"` names "not a name", which is not a contract name/],
    ['contracts that is no table', 'contracts = 1', /`contracts` must be a table/],
    ['invalid TOML', '[contracts.Vault\nargs = []', /is not valid TOML at line 1/],
  ])('rejects %s, naming the key and the file', (_, text, message) => {
    expect(() => parseProjectConfig(text, FILE)).toThrow(ConfigurationError);
    expect(() => parseProjectConfig(text, FILE)).toThrow(message);
    expect(() => parseProjectConfig(text, FILE)).toThrow(FILE);
  });
});

describe('a lookout.toml with several mistakes', () => {
  // Issue 28, item 8: "lookout.toml errors come one per run".
  it('names every one of them at once', () => {
    const text = [
      'compiler = "hardhat"',
      'gas-limit = 100',
      'panic-codes = [0x11, 0x99, 0x01]',
      'colour = "blue"',
      'skip = ["Legacy", 7]',
      '[contracts.Vault]',
      'args = [1.5, { sender = "carol" }, 2]',
      'value = -1',
      '[contracts.Token]',
      'deploy = "no"',
    ].join('\n');
    let message = '';
    try {
      parseProjectConfig(text, FILE);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      `${FILE} has 10 problems:`,
      '- `colour` is not a known key (known here: compiler, deploy, skip, contracts, senders, deployer, gas-limit, max-block-delay, max-time-delay, panic-codes).',
      expect.stringMatching(/^- `contracts\.Vault\.args\[0\]` is a float/),
      expect.stringMatching(/^- `contracts\.Vault\.args\[1\]\.sender` names an unknown sender "carol"/),
      expect.stringMatching(/^- `contracts\.Vault\.value` must be a non-negative amount of wei/),
      '- `contracts.Token.deploy` must be true or false.',
      '- `skip[1]` must be a contract name.',
      '- `compiler` must be one of "solc", "forge".',
      '- `gas-limit` must be an integer from 30000 to 1000000000 (got 100).',
      expect.stringMatching(/^- `panic-codes\[1\]` is not a Solidity Panic code \(got 153\)/),
      '- `panic-codes[2]` is 0x01, assert, which is always reported: leave it out.',
    ]);
  });
});

describe('readProjectConfig', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an empty configuration when the default file is missing', () => {
    expect(readProjectConfig(path.join(dir, 'lookout.toml'))).toEqual({ file: undefined, compiler: 'solc', deploy: [], skip: [], contracts: [], chain: {} });
  });

  it('fails when a file named explicitly is missing', () => {
    const missing = path.join(dir, 'custom.toml');
    expect(() => readProjectConfig(missing, { required: true })).toThrow(ConfigurationError);
    expect(() => readProjectConfig(missing, { required: true })).toThrow(missing);
  });

  it('reads the file', () => {
    const file = path.join(dir, 'lookout.toml');
    writeFileSync(file, 'skip = ["Legacy"]\n');
    expect(readProjectConfig(file).skip).toEqual([{ ref: 'Legacy', key: 'skip[0]' }]);
  });
});

describe('executorOptions', () => {
  it('funds the configured accounts, the deployer first among the senders when it sends', () => {
    const [a, b, c] = [
      '0x0000000000000000000000000000000000010000',
      '0x0000000000000000000000000000000000020000',
      '0x0000000000000000000000000000000000030000',
    ] as const;
    expect(executorOptions({})).toEqual({ gasLimit: 12_500_000n });
    expect(executorOptions({ senders: [a, b, c], deployer: c, gasLimit: 40_000n })).toEqual({
      gasLimit: 40_000n,
      accounts: { deployer: c, senders: [c, a, b] },
    });
    expect(executorOptions({ senders: [a, b], deployer: c })).toEqual({ gasLimit: 12_500_000n, accounts: { deployer: c, senders: [a, b] } });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    expect(config.deploy).toEqual([{ ref: 'Registry', key: 'deploy[0]' }, { ref: 'src/a/C.sol:C', key: 'deploy[1]' }]);
    expect(config.skip).toEqual([{ ref: 'Legacy', key: 'skip[0]' }, { ref: 'src/b/C.sol:C', key: 'contracts."src/b/C.sol:C"' }]);
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
    expect(config.contracts.map((c) => [c.ref, c.value])).toEqual([['Vault', 1_500_000_000_000_000_000n], ['src/b/C.sol:C', undefined], ['Funded', 7n]]);
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

  it.each([
    ['an unknown top-level key', 'senders = 3', /`senders` is not a known key \(known here: compiler, deploy, skip, contracts\)/],
    ['an unknown contract key', '[contracts.Vault]\narg = []', /`contracts\.Vault\.arg` is not a known key/],
    ['args that are not an array', '[contracts.Vault]\nargs = 1', /`contracts\.Vault\.args` must be an array/],
    ['a float argument', '[contracts.Vault]\nargs = [1.5]', /`contracts\.Vault\.args\[0\]` is a float/],
    ['an unknown sender', '[contracts.Vault]\nargs = [1, { sender = "carol" }]', /`contracts\.Vault\.args\[1\]\.sender` names an unknown sender "carol": the senders are deployer, alice, bob/],
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

describe('readProjectConfig', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lookout-config-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an empty configuration when the default file is missing', () => {
    expect(readProjectConfig(path.join(dir, 'lookout.toml'))).toEqual({ file: undefined, compiler: 'solc', deploy: [], skip: [], contracts: [] });
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

/**
 * A setUp() that deploys one contract twice: the reproducer calls the instance the campaign called
 * (the report's call carries its address), under the name the report gives it (`vault2`); the
 * report's text names it so too.
 */
import type { Abi } from 'viem';
import { reproducerSource } from '../../src/reproducers/source/source.js';
import type { ReproducerPlan } from '../../src/reproducers/source/types.js';
import type { ReportFinding } from '../../src/report/types.js';
import { accountNames, calledName, callText } from '../../src/report/sequence.js';

const VAULT_ABI: Abi = [
  { type: 'function', name: 'deposit', inputs: [{ name: 'assets', type: 'uint256', internalType: 'uint256' }], outputs: [], stateMutability: 'nonpayable' },
];
const TEST_ABI: Abi = [{ type: 'function', name: 'invariant_small', inputs: [], outputs: [], stateMutability: 'view' }];
const FIRST = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const SECOND = '0x2e234dae75c793f67a35089c9d99245e1c58470b';
const ALICE = '0x00000000000000000000000000000000000a11ce';

const finding: ReportFinding = {
  kind: 'property',
  panicCode: null,
  contract: 'TwoVaultsTest',
  contractFile: 'test/TwoVaults.t.sol',
  file: 'test/TwoVaults.t.sol',
  line: 5,
  function: 'invariant_small()',
  message: 'invariant_small() reverted: Error("too big")',
  introduced: true,
  foundMs: 1,
  foundTransactions: 1,
  harness: { file: 'test/TwoVaults.t.sol', contract: 'TwoVaultsTest' },
  sequence: [
    {
      sender: ALICE,
      contract: 'Vault',
      address: SECOND,
      function: 'deposit(uint256)',
      args: ['7'],
      value: '0',
      calldata: '0xb6b55f25',
      blockDelay: 0,
      timeDelay: 0,
    },
  ],
};

const vault = (address: string) => ({
  contract: 'Vault',
  file: 'src/Vault.sol',
  address,
  params: [],
  abi: VAULT_ABI,
  args: [],
  value: 0n,
  deployer: ALICE,
  how: { kind: 'new' as const },
});

const plan: ReproducerPlan = {
  finding,
  file: 'TwoVaultsTest.property.t.sol',
  contract: 'TwoVaultsTestPropertyTest',
  senders: [{ name: 'alice', address: ALICE }],
  senderBalance: 10n ** 24n,
  start: { block: 1n, timestamp: 1n },
  deployments: [vault(FIRST), vault(SECOND)],
  funding: [],
  typeFiles: new Map(),
  solidityVersion: '0.8.20',
  forgeStd: true,
  harness: { file: 'test/TwoVaults.t.sol', contract: 'TwoVaultsTest', abi: TEST_ABI, declaresVm: true, externalFunctions: [] },
};

test('the call goes to the second vault, declared at its address as vault2', () => {
  const { source } = reproducerSource(plan);
  expect(source).toContain('Vault vault2 = Vault(payable(0x2e234DAe75C793f67A35089C9d99245E1C58470b));');
  expect(source).toContain('try vault2.deposit(7) {} catch {}');
  expect(source).not.toMatch(/\bvault\.deposit/);
});

test('without an address (an older report) the call goes to the first of the name', () => {
  const [call] = finding.sequence;
  const { address: _unused, ...unaddressed } = call;
  const { source } = reproducerSource({ ...plan, finding: { ...finding, sequence: [unaddressed] } });
  expect(source).toContain('try vault.deposit(7) {} catch {}');
});

test('the report names a contract that several campaigns deployed at one address once, and a call by its own contract', () => {
  const names = accountNames({
    deployments: [
      { contract: 'Dai', address: FIRST },
      { contract: 'Dai', address: FIRST },
      { contract: 'Dai', address: SECOND },
      { contract: 'Pool', address: FIRST.toUpperCase().replace('0X', '0x') },
    ],
  });
  const call = (contract: string, address: string) => ({ ...finding.sequence[0], contract, address });
  expect(calledName(call('Dai', FIRST), names)).toBe('dai');
  expect(calledName(call('Dai', SECOND), names)).toBe('dai2');
  // Another campaign put a Pool at the first address: a call to its Dai is not named after the pool.
  expect(calledName(call('Dai', FIRST), new Map([[FIRST, 'pool']]))).toBe('dai');
  expect(callText(call('Dai', SECOND), names)).toBe('dai2.deposit(7)');
});

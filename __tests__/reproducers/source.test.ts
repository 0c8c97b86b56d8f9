/**
 * The reproducer's Solidity from a plan, without running it: the form a campaign from the project's
 * own Foundry test contract takes (it inherits the test, whose setUp() deployed the contracts), and
 * forge's verdict read from its output.
 */
import type { Abi } from 'viem';
import { reproducerSource } from '../../src/report/reproducer/source.js';
import type { ReproducerPlan } from '../../src/report/reproducer/types.js';
import type { ReportFinding } from '../../src/report/types.js';
import { forgeOutcome } from '../../src/reproducers/forge.js';

const VAULT_ABI: Abi = [{ type: 'function', name: 'withdraw', inputs: [{ name: 'amount', type: 'uint256', internalType: 'uint256' }], outputs: [], stateMutability: 'nonpayable' }];
const VAULT = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const ALICE = '0x0000000000000000000000000000000000020000';

const finding: ReportFinding = {
  kind: 'assertion', panicCode: '0x01', contract: 'Vault', contractFile: 'src/Vault.sol', file: 'src/Vault.sol', line: 9, function: 'withdraw(uint256)',
  message: 'Assertion failed (Panic 0x01)', introduced: true, foundMs: 1,
  sequence: [{ sender: ALICE, contract: 'Vault', function: 'withdraw(uint256)', args: ['115792089237316195423570985008687907853269984665640564039457584007913129639932'], value: '0', calldata: '0x2e1a7d4d', blockDelay: 2, timeDelay: 3600 }],
};

const plan: ReproducerPlan = {
  finding, file: 'Vault.assertion.t.sol', contract: 'VaultAssertionTest',
  senders: [{ name: 'alice', address: ALICE }], senderBalance: 10n ** 24n, start: { block: 1n, timestamp: 1n },
  deployments: [{ contract: 'Vault', file: 'src/Vault.sol', address: VAULT, params: [], abi: VAULT_ABI, args: [], value: 0n, deployer: ALICE, how: { kind: 'new' } }],
  funding: [],
  typeFiles: new Map(), solidityVersion: '0.8.20', forgeStd: true,
  harness: { file: 'test/Vault.t.sol', contract: 'VaultTest' },
};

test('with a harness, the reproducer inherits the test contract and names what its setUp() deployed by address', () => {
  const { source, check } = reproducerSource(plan);
  expect(check.kind).toBe('check');
  expect(source).toContain('import {VaultTest} from "test/Vault.t.sol";');
  expect(source).toContain('contract VaultAssertionTest is VaultTest {');
  expect(source).toContain('Vault internal vault = Vault(payable(0x5615dEB798BB3E4dFa0139dFa1b3D433Cc23b72f));');
  // forge runs the inherited setUp(): the reproducer declares none, nor a Vm of its own.
  expect(source).not.toContain('function setUp()');
  expect(source).not.toContain('interface Vm');
  expect(source).toMatch(/vm\.warp\(block\.timestamp \+ 3600\);\n\s+vm\.roll\(block\.number \+ 2\);\n\s+vm\.prank\(alice, alice\);\n\s+vault\.withdraw\(type\(uint256\)\.max - 3\);/);
});

test('forge’s verdict is its result line for the reproducer’s test; without one, forge did not run it', () => {
  expect(forgeOutcome('Ran 1 test for test/x/A.t.sol:ATest\n[PASS] test_reproduce() (gas: 1234)\n')).toEqual({ outcome: 'passed', reason: null });
  expect(forgeOutcome('[FAIL: panic: assertion failed (0x01)] test_reproduce() (gas: 1234)\n')).toEqual({ outcome: 'failed', reason: 'panic: assertion failed (0x01)' });
  expect(forgeOutcome('[FAIL. Reason: Lookout: bob took out more ether than it sent in] test_reproduce() (gas: 1)')).toEqual({ outcome: 'failed', reason: 'Lookout: bob took out more ether than it sent in' });
  expect(forgeOutcome('Compiler run failed:\nError (7576): Undeclared identifier.')).toMatchObject({ outcome: 'does-not-compile' });
  expect(forgeOutcome('Error: error sending request for url (https://binaries.soliditylang.org/linux-amd64/list.json)')).toMatchObject({ outcome: 'skipped', reason: expect.stringMatching(/^forge did not run the test: Error: error sending request/) });
});

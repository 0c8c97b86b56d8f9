/**
 * The reproducer's Solidity from a plan, without running it: the form a campaign from the project's
 * own Foundry test contract takes (it inherits the test, whose setUp() deployed the contracts), and
 * forge's verdict read from its output.
 */
import { getAddress, type Abi } from 'viem';
import { CHOSEN_CODE_ADDRESS } from '../../src/reproducers/source/delegatecallCheck.js';
import { reproducerSource } from '../../src/reproducers/source/source.js';
import type { ReproducerPlan } from '../../src/reproducers/source/types.js';
import type { ReportFinding } from '../../src/report/types.js';
import { forgeOutcome } from '../../src/reproducers/forge.js';

const VAULT_ABI: Abi = [
  { type: 'function', name: 'withdraw', inputs: [{ name: 'amount', type: 'uint256', internalType: 'uint256' }], outputs: [], stateMutability: 'nonpayable' },
];
const TEST_ABI: Abi = [
  { type: 'function', name: 'invariant_solvent', inputs: [], outputs: [], stateMutability: 'view' },
  { type: 'function', name: 'invariant_sharesBacked', inputs: [], outputs: [{ name: '', type: 'bool', internalType: 'bool' }], stateMutability: 'view' },
  {
    type: 'function',
    name: 'testFuzz_withdraw',
    inputs: [{ name: 'amount', type: 'uint256', internalType: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
];
const VAULT = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const ALICE = '0x0000000000000000000000000000000000020000';
const MAX_MINUS_3 = '115792089237316195423570985008687907853269984665640564039457584007913129639932';

const finding: ReportFinding = {
  kind: 'assertion',
  panicCode: '0x01',
  contract: 'Vault',
  contractFile: 'src/Vault.sol',
  file: 'src/Vault.sol',
  line: 9,
  function: 'withdraw(uint256)',
  message: 'Assertion failed (Panic 0x01)',
  evidence: { kind: 'assertion', how: 'panic' },
  introduced: true,
  foundMs: 1,
  foundTransactions: 1,
  harness: { file: 'test/Vault.t.sol', contract: 'VaultTest' },
  sequence: [
    { sender: ALICE, contract: 'Vault', function: 'withdraw(uint256)', args: ['1'], value: '0', calldata: '0x2e1a7d4d', blockDelay: 0, timeDelay: 0 },
    {
      sender: ALICE,
      contract: 'Vault',
      function: 'withdraw(uint256)',
      args: [MAX_MINUS_3],
      value: '0',
      calldata: '0x2e1a7d4d',
      blockDelay: 2,
      timeDelay: 3600,
    },
  ],
};

const plan: ReproducerPlan = {
  finding,
  file: 'Vault.assertion.t.sol',
  contract: 'VaultAssertionTest',
  senders: [
    { name: 'alice', address: ALICE },
    { name: 'bob', address: '0x0000000000000000000000000000000000030000' },
  ],
  senderBalance: 10n ** 24n,
  start: { block: 1n, timestamp: 1n },
  deployments: [
    { contract: 'Vault', file: 'src/Vault.sol', address: VAULT, params: [], abi: VAULT_ABI, args: [], value: 0n, deployer: ALICE, how: { kind: 'new' } },
  ],
  funding: [],
  typeFiles: new Map(),
  solidityVersion: '0.8.20',
  forgeStd: true,
  harness: { file: 'test/Vault.t.sol', contract: 'VaultTest', abi: TEST_ABI, declaresVm: true, externalFunctions: [] },
};

/** The test function's statements, one per line, without indentation. */
const statements = (source: string) =>
  source
    .slice(source.indexOf('function test_reproduce()'))
    .split('\n')
    .slice(1, -3)
    .map((line) => line.trim());

test('with a harness, the reproducer inherits the test contract and names what its setUp() deployed by address, in locals', () => {
  const { source, check } = reproducerSource(plan);
  expect(check.kind).toBe('check');
  expect(source).toContain('import {VaultTest} from "test/Vault.t.sol";');
  expect(source).toContain('import {Vault} from "src/Vault.sol";');
  expect(source).toContain('contract VaultAssertionTest is VaultTest {');
  // forge runs the inherited setUp(): the reproducer declares none, nor a Vm of its own, nor state of its own.
  expect(source).not.toContain('function setUp()');
  expect(source).not.toContain('interface Vm');
  expect(source).not.toContain(' internal ');
  // bob sends nothing: not declared. Earlier calls go on after a revert (forge's invariant mode); the failing one's panic, and only it, fails the test.
  expect(statements(source)).toEqual([
    'address alice = 0x0000000000000000000000000000000000020000;',
    'Vault vault = Vault(payable(0x5615dEB798BB3E4dFa0139dFa1b3D433Cc23b72f));',
    'vm.prank(alice, alice);',
    'try vault.withdraw(1) {} catch {}',
    'vm.warp(block.timestamp + 3600);',
    'vm.roll(block.number + 2);',
    'vm.prank(alice, alice);',
    '(bool success, bytes memory returned) = address(vault).call(abi.encodeCall(vault.withdraw, (type(uint256).max - 3)));',
    "// Only this call's Panic 0x01 is the finding: another revert (a check the base makes) is not.",
    'if (!success && keccak256(returned) == keccak256(abi.encodeWithSignature("Panic(uint256)", 0x01))) rethrow(success, returned);',
  ]);
  expect(source).toContain('function rethrow(bool success, bytes memory data) pure {');
  expect(source).not.toContain('function createdBy(');
});

test('an invariant of the test contract is called after the sequence; one returning a bool must return true', () => {
  const broken: ReportFinding = {
    ...finding,
    kind: 'property',
    panicCode: null,
    contract: 'VaultTest',
    function: 'invariant_solvent()',
    message: 'invariant_solvent() reverted: Error("insolvent")',
    evidence: { kind: 'property', property: 'invariant_solvent', failed: 'reverted', reason: 'Error("insolvent")' },
  };
  const { source, check } = reproducerSource({ ...plan, finding: broken });
  expect(statements(source).slice(-3)).toEqual(['vm.prank(alice, alice);', 'try vault.withdraw(type(uint256).max - 3) {} catch {}', 'invariant_solvent();']);
  expect(check.kind === 'check' && [check.expectation.matches('Error("insolvent")'), check.expectation.matches('Error("other")')]).toEqual([true, false]);

  const falsified = { ...broken, function: 'invariant_sharesBacked()', message: 'invariant_sharesBacked() returned false' };
  const bool = reproducerSource({ ...plan, finding: falsified });
  expect(statements(bool.source).at(-1)).toBe('require(invariant_sharesBacked(), "Lookout: invariant_sharesBacked() returned false");');
  expect(bool.check.kind === 'check' && bool.check.expectation.matches('Error("Lookout: invariant_sharesBacked() returned false")')).toBe(true);

  const missing = reproducerSource({ ...plan, finding: { ...broken, function: 'invariant_gone()' } });
  expect(missing.check).toEqual({ kind: 'unsupported', reason: 'VaultTest has no invariant_gone() to call after the sequence' });
});

test('a DSTest-only harness (no `vm`), with external invariants and tests: the reproducer brings its own vm and calls them through `this`', () => {
  const bare = { ...plan, harness: { ...plan.harness!, declaresVm: false, externalFunctions: ['invariant_solvent', 'testFuzz_withdraw'] } };
  const broken = {
    ...finding,
    kind: 'property' as const,
    panicCode: null,
    contract: 'VaultTest',
    function: 'invariant_solvent()',
    message: 'invariant_solvent() reverted: Error("insolvent")',
  };
  const { source } = reproducerSource({ ...bare, finding: broken });
  expect(statements(source).slice(-3)).toEqual([
    'vm.prank(alice, alice);',
    'try vault.withdraw(type(uint256).max - 3) {} catch {}',
    'this.invariant_solvent();',
  ]);
  expect(source).toContain('interface LookoutVm {');
  expect(source).toContain('    LookoutVm internal constant vm = LookoutVm(address(uint160(uint256(keccak256("hevm cheat code")))));');

  const call = {
    sender: '0x1804c8ab1f12e6bbf3894d4083f33e07309d1f38',
    contract: 'VaultTest',
    function: 'testFuzz_withdraw(uint256)',
    args: [MAX_MINUS_3],
    value: '0',
    calldata: '0x',
    blockDelay: 0,
    timeDelay: 0,
  };
  const failed = { ...broken, function: 'testFuzz_withdraw()', message: 'testFuzz_withdraw failed: Error("too much")', sequence: [call] };
  expect(statements(reproducerSource({ ...bare, finding: failed }).source)).toEqual(['this.testFuzz_withdraw(type(uint256).max - 3);']);
  // With forge-std's Test, the inherited vm is used.
  expect(reproducerSource({ ...plan, finding: broken }).source).not.toContain('LookoutVm');
});

test('a harness without prank(address,address) in its Vm: pranks name the sender alone', () => {
  expect(statements(reproducerSource({ ...plan, prankOrigin: false }).source)).toContain('vm.prank(alice);');
});

test('a stateless finding calls the test function with the counterexample, as forge calls it (no prank)', () => {
  const call = {
    sender: '0x1804c8ab1f12e6bbf3894d4083f33e07309d1f38',
    contract: 'VaultTest',
    function: 'testFuzz_withdraw(uint256)',
    args: [MAX_MINUS_3],
    value: '0',
    calldata: '0x',
    blockDelay: 0,
    timeDelay: 0,
  };
  const failed = {
    ...finding,
    kind: 'property' as const,
    panicCode: null,
    contract: 'VaultTest',
    function: 'testFuzz_withdraw()',
    message: 'testFuzz_withdraw failed: Error("too much")',
    sequence: [call],
  };
  const { source } = reproducerSource({ ...plan, finding: failed });
  expect(statements(source)).toEqual(['testFuzz_withdraw(type(uint256).max - 3);']);
  expect(source).not.toContain('import {Vault}');
});

test('forge’s verdict on each reproducer is the result line in its own suite’s section; without one, forge did not run it', () => {
  // forge 1.7.1's output for two reproducers run together (the failing one repeated in the summary).
  const output = [
    'Ran 1 test for test/x/A.t.sol:ATest',
    '[FAIL: panic: assertion failed (0x01)] test_reproduce() (gas: 3532)',
    'Suite result: FAILED. 0 passed; 1 failed; 0 skipped; finished in 410.29µs (79.52µs CPU time)',
    '',
    'Ran 1 test for test/x/B.t.sol:BTest',
    '[PASS] test_reproduce() (gas: 3241)',
    'Suite result: ok. 1 passed; 0 failed; 0 skipped; finished in 67.50µs (22.09µs CPU time)',
    '',
    'Failing tests:',
    'Encountered 1 failing test in test/x/A.t.sol:ATest',
    '[FAIL: panic: assertion failed (0x01)] test_reproduce() (gas: 3532)',
  ].join('\n');
  expect(forgeOutcome(output, 'test/x/A.t.sol:ATest')).toEqual({ outcome: 'failed', reason: 'panic: assertion failed (0x01)' });
  expect(forgeOutcome(output, 'test/x/B.t.sol:BTest')).toEqual({ outcome: 'passed', reason: null });
  expect(forgeOutcome(output, 'test/x/C.t.sol:CTest')).toMatchObject({ outcome: 'skipped' });
  expect(
    forgeOutcome(
      'Ran 1 test for t/A.t.sol:ATest\n[FAIL. Reason: Lookout: bob took out more ether than it sent in] test_reproduce() (gas: 1)',
      't/A.t.sol:ATest',
    ),
  ).toEqual({
    outcome: 'failed',
    reason: 'Lookout: bob took out more ether than it sent in',
  });
  expect(forgeOutcome('Compiler run failed:\nError (7576): Undeclared identifier.', 't/A.t.sol:ATest')).toMatchObject({ outcome: 'does-not-compile' });
  expect(forgeOutcome('Error: error sending request for url (https://binaries.soliditylang.org/linux-amd64/list.json)', 't/A.t.sol:ATest')).toMatchObject({
    outcome: 'skipped',
    reason: expect.stringMatching(/^forge did not run the test: Error: error sending request/),
  });
});

describe('a controlled delegatecall: the reproducer’s own code stands in for the address the campaign passed', () => {
  const PROXY = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
  const CHOSEN = '0x000000000000000000000000000000008da5cb5b';
  const PROXY_ABI: Abi = [
    {
      type: 'function',
      name: 'setImplementation',
      inputs: [{ name: 'implementation', type: 'address', internalType: 'address' }],
      outputs: [],
      stateMutability: 'nonpayable',
    },
    { type: 'function', name: 'run', inputs: [{ name: 'data', type: 'bytes', internalType: 'bytes' }], outputs: [], stateMutability: 'nonpayable' },
    {
      type: 'function',
      name: 'configure',
      stateMutability: 'nonpayable',
      outputs: [],
      inputs: [
        {
          name: 'config',
          type: 'tuple',
          // Declared outside the contract: no import names it, so the call is written as raw calldata.
          internalType: 'struct Config',
          components: [
            { name: 'target', type: 'address', internalType: 'address' },
            { name: 'gas', type: 'uint256', internalType: 'uint256' },
          ],
        },
      ],
    },
  ];
  const word = (hex: string) => hex.slice(2).padStart(64, '0');
  const configure = `0x12345678${word(CHOSEN)}${word('0x10')}`;
  const delegation: ReportFinding = {
    kind: 'controlled-delegatecall',
    panicCode: null,
    contract: 'Proxy',
    contractFile: 'src/Proxy.sol',
    file: 'src/Proxy.sol',
    line: 12,
    function: 'run(bytes)',
    message: `DELEGATECALL from ${PROXY} to ${CHOSEN}, an address ${ALICE} passed in`,
    introduced: null,
    foundMs: 1,
    foundTransactions: 1,
    evidence: { kind: 'controlled-delegatecall', opcode: 'DELEGATECALL', from: PROXY, target: CHOSEN, sender: ALICE },
    sequence: [
      {
        sender: ALICE,
        contract: 'Proxy',
        function: 'configure((address,uint256))',
        args: [[CHOSEN, '16']],
        value: '0',
        calldata: configure,
        blockDelay: 0,
        timeDelay: 0,
      },
      {
        sender: ALICE,
        contract: 'Proxy',
        function: 'configure((address,uint256))',
        args: [[CHOSEN, '16']],
        value: '0',
        calldata: configure,
        blockDelay: 0,
        timeDelay: 0,
      },
      { sender: ALICE, contract: 'Proxy', function: 'setImplementation(address)', args: [CHOSEN], value: '0', calldata: '0x', blockDelay: 0, timeDelay: 0 },
      { sender: ALICE, contract: 'Proxy', function: 'run(bytes)', args: ['0x'], value: '0', calldata: '0x', blockDelay: 0, timeDelay: 0 },
    ],
  };
  const deployed: ReproducerPlan = {
    ...plan,
    finding: delegation,
    file: 'Proxy.controlledDelegatecall.t.sol',
    contract: 'ProxyControlledDelegatecallTest',
    harness: undefined,
    forgeStd: false,
    deployments: [
      { contract: 'Proxy', file: 'src/Proxy.sol', address: PROXY, params: [], abi: PROXY_ABI, args: [], value: 0n, deployer: ALICE, how: { kind: 'new' } },
    ],
    head: delegation.sequence.map(() => ({ success: true, returnData: '0x', logs: [], ether: [] })),
  };

  it('etches it at a fixed address, passes it in every position the campaign passed its address, and fails while its mark is in the proxy', () => {
    const { source, check } = reproducerSource(deployed);
    expect(check).toMatchObject({ kind: 'check', last: 'try', standIn: { replaced: CHOSEN, expression: 'CHOSEN_CODE', address: CHOSEN_CODE_ADDRESS } });
    const raw = `hex"12345678${word(CHOSEN_CODE_ADDRESS.toLowerCase())}${word('0x10')}"`;
    expect(statements(source)).toEqual([
      'vm.etch(CHOSEN_CODE, type(ChosenCode).runtimeCode);',
      // A call written as raw calldata (a file-level struct argument) keeps it, the address's word replaced; a call before the last goes on past a revert.
      ...[1, 2].flatMap(() => [
        'vm.prank(alice, alice);',
        "// configure((address,uint256)) with the campaign's arguments, ABI-encoded:",
        `address(proxy).call(${raw});`,
      ]),
      'vm.prank(alice, alice);',
      'try proxy.setImplementation(CHOSEN_CODE) {} catch {}',
      'vm.prank(alice, alice);',
      'try proxy.run("") {} catch {}',
      'require(vm.load(address(proxy), CHOSEN_CODE_RAN) == bytes32(0), "Lookout: address(proxy) ran code its caller chose (DELEGATECALL to an address passed in)");',
    ]);
    expect(source).toContain(`address constant CHOSEN_CODE = ${CHOSEN_CODE_ADDRESS};`);
    expect(source).toMatch(
      /contract ChosenCode \{\n\s+fallback\(\) external payable \{\n\s+bytes32 slot = CHOSEN_CODE_RAN;\n\s+assembly \{\n\s+sstore\(slot, 1\)/,
    );
    // The senders are pranked as they were: only argument positions change.
    expect(source).toContain(`address internal alice = ${getAddress(ALICE)};`);
  });

  it('is written from the evidence: a reworded message changes nothing but the comment quoting it', () => {
    const reworded = reproducerSource({ ...deployed, finding: { ...delegation, message: 'DELEGATECALL somewhere' } });
    const original = reproducerSource(deployed);
    expect(reworded.check).toMatchObject({ kind: 'check', standIn: { replaced: CHOSEN } });
    expect(statements(reworded.source)).toEqual(statements(original.source));
    expect(reworded.source.replace('DELEGATECALL somewhere', delegation.message)).toBe(original.source);
  });

  it('is unsupported, with the reason, when the finding carries no evidence (a report written before it)', () => {
    expect(reproducerSource({ ...deployed, finding: { ...delegation, evidence: undefined } }).check).toEqual({
      kind: 'unsupported',
      reason: 'the finding carries no controlled-delegatecall evidence (a report written before findings carried it)',
    });
  });
});

test('a behaviour change of a test function: called on itself, its outcome compared with the base’s (no prank: forge refuses the test’s own startPrank under one)', () => {
  const call = {
    sender: '0x1804c8ab1f12e6bbf3894d4083f33e07309d1f38',
    contract: 'VaultTest',
    function: 'testFuzz_withdraw(uint256)',
    args: [MAX_MINUS_3],
    value: '0',
    calldata: '0x',
    blockDelay: 0,
    timeDelay: 0,
  };
  const change: ReportFinding = {
    ...finding,
    kind: 'behaviour-change',
    panicCode: null,
    contract: 'VaultTest',
    function: 'testFuzz_withdraw(uint256)',
    sequence: [call],
    message: 'VaultTest.testFuzz_withdraw(uint256): base: succeeds; head: reverts with Error("too much")',
    behaviour: { difference: 'outcome', base: 'succeeds', head: 'reverts with Error("too much")', grade: 'refuses' },
  };
  const { source, check } = reproducerSource({ ...plan, finding: change, baseOutcome: { success: true, returnData: '0x', logs: [], ether: [] } });
  expect(statements(source)).toEqual([
    '(bool success, bytes memory returned) = address(this).call(abi.encodeCall(this.testFuzz_withdraw, (type(uint256).max - 3)));',
    '// The base succeeds; head reverts with Error("too much").',
    'require(success == true, "Lookout: the call does not succeed as on the base");',
    'require(keccak256(returned) == keccak256(hex""), "Lookout: the call returns other data than on the base");',
  ]);
  expect(check.kind === 'check' && check.expectation.matches('Error("Lookout: the call does not succeed as on the base")')).toBe(true);
  // Without the base's outcome (its setUp() world did not build), nothing is asserted, and the report says why.
  expect(reproducerSource({ ...plan, finding: change }).check).toEqual({
    kind: 'unsupported',
    reason: 'the base outcome of the diverging call is not known (no base build to replay it on)',
  });
});

test('quotes an import path holding a quote or a backslash as a string literal', () => {
  const odd = { ...plan, harness: { ...plan.harness!, file: 'test/Va"ult\\x.t.sol' } };
  expect(reproducerSource(odd).source).toContain('import {VaultTest} from "test/Va\\"ult\\\\x.t.sol";');
});

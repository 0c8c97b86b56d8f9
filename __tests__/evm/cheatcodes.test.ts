import path from 'node:path';
import { bytesToHex, encodeFunctionData, type Abi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledContract } from '../../src/compile/types.js';
import { ASSUME_REJECTION } from '../../src/evm/cheatcodes/environment.js';
import { revertText } from '../../src/evm/cheatcodes/expectRevert.js';
import { cheatcodeTableSize } from '../../src/evm/cheatcodes/registry.js';
import { CHEATCODE_ADDRESS } from '../../src/evm/cheatcodes/types.js';
import { Executor } from '../../src/evm/executor.js';
import type { TxResult } from '../../src/evm/types.js';
import { cheatcodeArtifacts } from '../../src/foundryTests/artifacts.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

// The cheatcodes against forge's documented semantics: each `check_*` function of the probe asserts
// one behaviour in Solidity on the real EVM; each `failing_*` must fail with forge's message.
const PROJECT = path.join(REPO_ROOT, '__fixtures__/foundry-tests/vault');

let executor: Executor;
let probe: CompiledContract;

beforeAll(async () => {
  const project = await compileProject({ root: PROJECT, paths: ['src', 'test/cheatcodes'] });
  probe = project.contracts.find((c) => c.name === 'CheatcodeProbe')!;
  executor = await Executor.open({ cheatcodes: { artifacts: cheatcodeArtifacts(project) } });
  const outcome = await executor.deploy({ file: probe.file, name: probe.name, creationCode: probe.creation.bytecode, value: 100n * 10n ** 18n });
  if (outcome.kind !== 'deployed') throw new Error(outcome.reason);
  await executor.snapshot();
}, 120_000);

async function call(functionName: string): Promise<TxResult> {
  executor.reset();
  const data = encodeFunctionData({ abi: probe.abi as Abi, functionName });
  return executor.run({ sender: 0, to: 0, data: Buffer.from(data.slice(2), 'hex'), value: 0n, blockDelay: 0, timeDelay: 0 });
}

function revertData(result: TxResult): Uint8Array {
  if (result.outcome.kind !== 'revert') throw new Error(`expected a revert, got ${result.outcome.kind}`);
  return result.outcome.data;
}

const checks = () => (probe.abi as Abi).flatMap((item) => (item.type === 'function' && item.name.startsWith('check_') ? [item.name] : []));

test('every check of the probe is listed below', () => {
  expect(checks().length).toBe(33);
});

test('no two cheatcode signatures share a selector', () => {
  expect(cheatcodeTableSize.selectors).toBe(cheatcodeTableSize.definitions);
});

test('the cheatcode address is forge’s', () => {
  expect(CHEATCODE_ADDRESS).toBe('0x7109709ecfa91a80626ff3989d68f67f5b1dd12d');
});

test.each([
  'check_prank',
  'check_prankWithOrigin',
  'check_startPrank',
  'check_prankPaysValue',
  'check_prankedCreate',
  'check_dealWarpRollFeeChainId',
  'check_storeLoad',
  'check_etch',
  'check_nonce',
  'check_labelAndMakeAddr',
  'check_addrAndSign',
  'check_addrOfOne',
  'check_getCode',
  'check_expectRevertAny',
  'check_expectRevertMessage',
  'check_expectRevertCustom',
  'check_expectRevertReverter',
  'check_expectRevertCount',
  'check_expectRevertIgnoresCheatcodeCalls',
  'check_expectEmit',
  'check_recordLogs',
  'check_recordAccesses',
  'check_expectCall',
  'check_envOr',
  'check_assertions',
  'check_mockCall',
  'check_mockCallRevertAndInTurn',
  'check_snapshotState',
  'check_snapshotOldNames',
  'check_toStringAndParse',
  'check_nestedPranks',
  'check_parseBytes32',
  'check_mockFunction',
])('%s holds', async (name) => {
  const result = await call(name);
  const why = result.outcome.kind === 'revert' ? revertText(result.outcome.data) : result.outcome.kind;
  expect({ name, outcome: result.outcome.kind, why }).toEqual({ name, outcome: 'success', why: 'success' });
  expect(executor.cheatcodes!.unmetExpectations()).toEqual([]);
});

test.each([
  ['failing_prankOverwrite', 'cannot overwrite a prank until it is applied at least once'],
  ['failing_getCodeMissing', 'vm.getCode: no compiled contract matches "Nowhere.sol:Nothing"'],
  ['failing_expectRevertWrongMessage', 'Error != expected error: actual != expected'],
  ['failing_expectRevertNoRevert', 'next call did not revert as expected'],
  ['failing_expectRevertBytes4NeedsExactData', /^Error != expected error: revert data 0x[0-9a-f]+ != revert data 0x[0-9a-f]{8}$/],
  ['failing_expectRevertWrongReverter', /^Reverter != expected reverter: 0x[0-9a-f]{40} != 0x[0-9a-f]{40}$/],
  ['failing_expectEmitWrongData', /^log != expected log/],
  ['failing_expectEmitWrongEmitter', /^log != expected log/],
  ['failing_envUint', /environment variable "LOOKOUT_UNSET" not found/],
  ['failing_assertEq', 'amounts: 1 != 2'],
  ['failing_parseUint', 'vm.parse: failed parsing "12a" as type `uint256`'],
  ['failing_parseBytes32', 'vm.parse: failed parsing "0x1234" as type `bytes32`'],
  ['failing_unknown', 'cheatcode parseJson(string) (selector 0x6a82600a) is not supported by Lookout'],
])('%s fails with forge’s message', async (name, message) => {
  const text = revertText(revertData(await call(name)));
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
});

test('an expected call the test did not make is unmet when its call ends', async () => {
  const result = await call('failing_expectCallMissing');
  expect(result.outcome.kind).toBe('success');
  const witness = executor.cheatcodes!.state.expectedCalls[0].callee;
  expect(executor.cheatcodes!.unmetExpectations()).toEqual([
    `expected call to ${witness} with data 0xc9a2a4bb${'1'.padStart(64, '0')}${'2'.padStart(64, '0')}, but got none`,
  ]);
});

test('a rejected assumption reverts with forge’s magic data', async () => {
  expect(bytesToHex(revertData(await call('failing_assume')))).toBe(bytesToHex(ASSUME_REJECTION));
});

test('a cheatcode that needs a network is named for skipping', async () => {
  expect(revertText(revertData(await call('failing_fork')))).toMatch(/createSelectFork needs a network/);
  expect(executor.cheatcodes!.state.unsupported).toBe('createSelectFork');
  executor.reset();
  expect(executor.cheatcodes!.state.unsupported).toBeUndefined();
});

test('cheatcode effects are undone by reset', async () => {
  await call('check_dealWarpRollFeeChainId');
  executor.reset();
  expect(executor.balanceOf('0x00000000000000000000000000000000000a11ce')).toBe(0n);
  expect(executor.timestamp).toBe(1_700_000_000n);
});

test('an executor without cheatcodes has none: calls to the address do nothing', async () => {
  const plain = await Executor.open();
  const outcome = await plain.deploy({ file: probe.file, name: probe.name, creationCode: probe.creation.bytecode });
  expect(outcome.kind).toBe('deployed');
  await plain.snapshot();
  expect(plain.cheatcodes).toBeUndefined();
  const data = encodeFunctionData({ abi: probe.abi as Abi, functionName: 'check_prank' });
  const result = await plain.run({ sender: 0, to: 0, data: Buffer.from(data.slice(2), 'hex'), value: 0n, blockDelay: 0, timeDelay: 0 });
  expect(result.outcome.kind).toBe('revert');
});

/**
 * Call forms a real project's findings produced that did not compile (solmate's WETH, MockERC20):
 * a call forwarded by Lookout's attacker to a function the contract inherits, and a raw call
 * followed by the compared call. Each reproducer is compiled and run by Lookout's runner (real solc).
 */
import { encodeFunctionData, maxUint256, parseAbi, toFunctionSelector, type Abi } from 'viem';
import { ATTACKER_ABI } from '../../src/evm/attacker.js';
import { reproducerSource } from '../../src/reproducers/source/source.js';
import type { ReproducerPlan } from '../../src/reproducers/source/types.js';
import type { ReportCall, ReportFinding } from '../../src/report/types.js';
import { runReproducer } from '../../src/reproducers/verify.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const DEPLOYER = '0x0000000000000000000000000000000000010000';
const ALICE = '0x0000000000000000000000000000000000020000';
const BOB = '0x0000000000000000000000000000000000030000';
const WETH = '0x5615deb798bb3e4dfa0139dfa1b3d433cc23b72f';
const ATTACKER = '0x2e234dae75c793f67a35089c9d99245e1c58470b';
// `deposit()` is left out: the reproducer must write that call as raw calldata.
const ABI: Abi = parseAbi(['function approve(address spender, uint256 value) returns (bool)', 'function withdraw(uint256 value)']);

const call = (over: Partial<ReportCall>): ReportCall => ({
  sender: ALICE,
  contract: 'WrappedEther',
  function: '',
  args: [],
  value: '0',
  calldata: '0x',
  blockDelay: 0,
  timeDelay: 0,
  ...over,
});
const approve = encodeFunctionData({ abi: ABI, functionName: 'approve', args: [BOB, maxUint256] });

/** WrappedEther inherits `approve` and `deposit` from WrappedEtherBase; its base, the finding says, lets alice withdraw 2 ether. */
const sequence: ReportCall[] = [
  call({
    sender: DEPLOYER,
    function: 'approve(address,uint256)',
    args: [BOB, maxUint256.toString()],
    calldata: encodeFunctionData({ abi: ATTACKER_ABI, functionName: 'lookoutCall', args: [WETH, approve, approve] }),
    attacker: { reenters: { function: 'approve(address,uint256)', args: [BOB, maxUint256.toString()] } },
  }),
  call({ function: 'deposit()', value: (10n ** 18n).toString(), calldata: toFunctionSelector('deposit()') }),
  call({
    function: 'withdraw(uint256)',
    args: [(2n * 10n ** 18n).toString()],
    calldata: encodeFunctionData({ abi: ABI, functionName: 'withdraw', args: [2n * 10n ** 18n] }),
    blockDelay: 7,
  }),
];

const finding: ReportFinding = {
  kind: 'behaviour-change',
  panicCode: null,
  contract: 'WrappedEther',
  contractFile: '__fixtures__/oracles/WrappedEther.sol',
  file: '__fixtures__/oracles/WrappedEther.sol',
  line: 20,
  function: 'withdraw(uint256)',
  message: 'base: succeeds; head: reverts',
  introduced: true,
  foundMs: 1,
  foundTransactions: 1,
  sequence,
  behaviour: { difference: 'outcome', base: 'succeeds', head: 'reverts with Error("insufficient balance")', grade: 'refuses' },
};

const plan: ReproducerPlan = {
  finding,
  file: 'WrappedEther.behaviourChange.t.sol',
  contract: 'WrappedEtherBehaviourChangeTest',
  senders: [
    { name: 'deployer', address: DEPLOYER },
    { name: 'alice', address: ALICE },
    { name: 'bob', address: BOB },
  ],
  senderBalance: 10n ** 24n,
  start: { block: 1n, timestamp: 1n },
  deployments: [
    {
      contract: 'WrappedEther',
      file: '__fixtures__/oracles/WrappedEther.sol',
      address: WETH,
      params: [],
      abi: ABI,
      args: [],
      value: 0n,
      deployer: DEPLOYER,
      how: { kind: 'new' },
    },
  ],
  funding: [],
  // The attacker's code does not matter here: its call reverts on head as the campaign's did, and is tried.
  attacker: { address: ATTACKER, runtime: '0xfe' },
  head: [
    { success: false, returnData: '0x' },
    { success: true, returnData: '0x' },
    { success: false, returnData: '0x' },
  ],
  baseOutcome: { success: true, returnData: '0x' },
  typeFiles: new Map(),
  solidityVersion: '0.8.37',
  forgeStd: false,
};

test('a forwarded call to an inherited function and a raw call before the compared one: the reproducer compiles, and fails on head as the finding says', async () => {
  const { source, base } = reproducerSource(plan);
  expect(source).toContain('abi.encodeCall(wrappedEther.approve, (bob, type(uint256).max))');
  // A call before the last goes on past a revert, as in forge's invariant mode.
  expect(source).toContain('address(wrappedEther).call{value: 1 ether}(hex"d0e30db0");');
  const run = await runReproducer(REPO_ROOT, { file: plan.file, contract: plan.contract, source, solidityVersion: plan.solidityVersion, base });
  expect(run).toEqual({ outcome: 'failed', reason: 'Error("Lookout: the call does not succeed as on the base")' });
}, 300_000);

/**
 * A finding whose last call went through Lookout's attacker is named by the call the attacker
 * forwarded (a token theft through it is a theft in `transferFrom`, not in `lookoutCall`), as its
 * sequence shows that call; a reentrancy keeps the re-entered function its oracle names.
 */
import path from 'node:path';
import { parseAbi } from 'viem';
import { compileProject } from '../../src/compile/compile.js';
import type { CompiledProject } from '../../src/compile/types.js';
import { ATTACKER_ABI } from '../../src/evm/attacker.js';
import type { TxResult } from '../../src/evm/types.js';
import type { ContractCampaignResult } from '../../src/fuzz/campaign/setup.js';
import { callTargets, encodeCall } from '../../src/abi/encoding.js';
import type { ConfirmedFinding } from '../../src/fuzz/findings/replay.js';
import type { Call } from '../../src/abi/types.js';
import type { Failure } from '../../src/oracles/failure.js';
import { toReportFinding } from '../../src/report/entries.js';
import { REPO_ROOT } from '../helpers/repoRoot.js';

const bank = callTargets(parseAbi(['function deposit() payable', 'function withdraw()']));
const [, withdraw] = bank;
const [lookoutCall] = callTargets(ATTACKER_ABI);
const BANK = '0x00000000000000000000000000000000000000b0';
const ATTACKER = '0x00000000000000000000000000000000000000a0';

let project: CompiledProject;
beforeAll(async () => {
  project = await compileProject({ root: REPO_ROOT, paths: [path.join('__fixtures__/oracles', 'ReentrantBank.sol')] });
});

/** The campaign as the report reads it: two senders, then the bank (0) and the attacker (1). */
function campaign(): ContractCampaignResult {
  const contract = project.contracts.find((c) => c.name === 'ReentrantBank')!;
  const calls = { addresses: ['0x01', '0x02', BANK, ATTACKER], senders: 2, targets: [bank, [lookoutCall]] };
  return {
    contract,
    senders: ['0x01', '0x02'],
    deploymentNames: ['ReentrantBank', 'LookoutAttacker'],
    deploymentAddresses: ['0x03', '0x04'],
    calls,
  } as unknown as ContractCampaignResult;
}

function finding(last: Call, failure: Partial<Failure>): ConfirmedFinding {
  return {
    failure: {
      kind: 'ether-leak',
      panicCode: null,
      codeId: 0,
      pc: 0,
      message: 'moved',
      evidence: { kind: 'ether-leak', sender: '0x01', partners: [], gain: 1n, payer: null, payerName: null },
      ...failure,
    },
    sequence: [last],
    foundMs: 0,
    execution: 1,
    failingResult: { trace: { jumps: new Uint32Array(0), calleeFrames: [], calleeJumps: new Uint32Array(0) } } as unknown as TxResult,
    minimal: true,
    enteredTargets: [],
  };
}

const direct: Call = { sender: 1, to: 0, target: withdraw, args: [], value: 0n, blockDelay: 0, timeDelay: 0 };
const data = `0x${Buffer.from(encodeCall(direct)).toString('hex')}`;
const throughAttacker: Call = { ...direct, to: 1, target: lookoutCall, args: [BANK, data, '0x'] };

it('names a finding whose last call went through the attacker by the call it forwarded', () => {
  const reported = toReportFinding(project, campaign(), finding(throughAttacker, {}));
  expect(reported.function).toBe('withdraw()');
  expect(reported.sequence[0]).toMatchObject({ contract: 'ReentrantBank', function: 'withdraw()', attacker: { reenters: null } });
});

it('keeps the function an oracle names (a reentrancy: the re-entered one), and names a direct call by itself', () => {
  expect(toReportFinding(project, campaign(), finding(throughAttacker, { kind: 'reentrancy', function: 'deposit()' })).function).toBe('deposit()');
  expect(toReportFinding(project, campaign(), finding(direct, {})).function).toBe('withdraw()');
});

it("carries the failure's evidence into the report, JSON-able: amounts as decimal strings", () => {
  expect(toReportFinding(project, campaign(), finding(direct, {})).evidence).toEqual({
    kind: 'ether-leak',
    sender: '0x01',
    partners: [],
    gain: '1',
    payer: null,
    payerName: null,
  });
});

import { PANIC_ASSERTION, addressText, describePanic, etherText, tokenAmountText } from '../abi/index.js';
import type { Address } from '../evm/index.js';
import type { Failure } from './failure.js';

/**
 * What an oracle saw, as values: the facts a finding's message is written from and a reproducer is
 * built from (which never reads the message, so that rewording one breaks nothing). One shape per
 * finding kind, `kind` being the finding's. Plain data, so that it crosses worker threads (structured
 * clone); the report writes its bigints as decimal strings (`ReportEvidence`). Addresses are 0x-hex.
 */
export type Evidence =
  | AssertionEvidence
  | { kind: 'panic'; code: number }
  | PropertyEvidence
  | TokenTheftEvidence
  | {
      kind: 'ether-leak';
      /**
       * The sender in profit, with its `partners` (senders it named or that named it: their gains count
       * together), by `gain` wei; `payer`: the deployment whose CALL (or SELFDESTRUCT) paid it last, if any.
       */
      sender: Address;
      partners: Address[];
      gain: bigint;
      payer: Address | null;
      payerName: string | null;
    }
  | {
      kind: 'controlled-delegatecall';
      opcode: 'DELEGATECALL' | 'CALLCODE';
      /** The contract that delegated, to `target`, an address `sender` passed in. */
      from: Address;
      target: Address;
      sender: Address;
    }
  | {
      kind: 'arbitrary-storage-write';
      /** The contract written and the slot (the campaign's probe), a 0x-hex word. */
      contract: Address;
      slot: string;
    }
  | {
      kind: 'unprotected-selfdestruct';
      /** The contract destroyed, by `sender` (not the deployer), its balance sent to `beneficiary`. */
      contract: Address;
      beneficiary: Address;
      sender: Address;
    }
  | {
      kind: 'reentrancy';
      /** The contract re-entered, through `reentered` (a signature) when the ABI names it. */
      contract: Address;
      contractName: string;
      reentered: string | null;
      /** The attacker's wei gain with re-entry, and with the same calls made one after the other. */
      gained: bigint;
      sequentialGain: bigint;
    };

/** `assert` failing: Solidity's Panic 0x01, the INVALID opcode of older compilers, or (a Foundry target call) DSTest's failure flag. */
interface AssertionEvidence {
  kind: 'assertion';
  how: 'panic' | 'invalid-opcode' | 'failure-flag';
}

/**
 * A property that does not hold: a `property_*`/`echidna_*`/invariant function (returned false,
 * reverted, did not return a bool, or returned where it must revert), a Foundry test function that
 * failed, or a target call that reverted under `fail_on_revert`. `reason`: the revert or the
 * failure, as the message quotes it; null where there is none.
 */
export interface PropertyEvidence {
  kind: 'property';
  property: string;
  failed: 'returned-false' | 'reverted' | 'not-a-bool' | 'did-not-revert' | 'test-failed' | 'target-call-reverted';
  reason: string | null;
}

/**
 * Token theft (`token` is the ERC-20's address, `tokenName` its contract, `decimals` its `decimals()`
 * when it has one, for the message to write whole tokens): `balance`: `amount` of
 * `holder`'s balance moved (by `transferFrom` or not) while the callers' allowance was `allowance`;
 * `allowance`: `allowance(owner, spender)` rose from `before` to `after`. `sender` sent the transaction.
 */
export type TokenTheftEvidence = { kind: 'token-theft'; token: Address; tokenName: string; decimals?: number; sender: Address } & (
  | { theft: 'balance'; holder: Address; amount: bigint; allowance: bigint; transferFrom: boolean }
  | { theft: 'allowance'; owner: Address; spender: Address; before: bigint; after: bigint }
);

/** How a finding of a call that raised the failure flag begins. */
export const FLAGGED_CALL_MESSAGE = 'a call failed an assertion: it raised the DSTest failure flag';
/** What a `fail_on_revert` finding says after the invariant's name. */
export const REVERTED_CALL_MESSAGE = 'a target call reverted and fail_on_revert is on';

/** An address the trace holds as a number (a call's target), as 0x-hex of 40 digits. */
export function wordAddress(word: bigint): Address {
  return `0x${word.toString(16).padStart(40, '0')}`;
}

/** A failure at `at` (code id and pc): its kind, panic code, property, function and message follow from the evidence. */
export function failureOf(evidence: Evidence, at: { codeId: number; pc: number }): Failure {
  return {
    kind: evidence.kind,
    panicCode: evidence.kind === 'panic' ? evidence.code : evidence.kind === 'assertion' && evidence.how === 'panic' ? PANIC_ASSERTION : null,
    codeId: at.codeId,
    pc: at.pc,
    message: describeEvidence(evidence),
    ...(evidence.kind === 'property' && { property: evidence.property }),
    ...(evidence.kind === 'reentrancy' && evidence.reentered !== null && { function: evidence.reentered }),
    evidence,
  };
}

/**
 * The finding's message: the evidence in the vocabulary's words (`1 wei`, `2**128`, `address(0)`).
 * Accounts are written by address, checksummed: the report writes each by the name its legend and
 * call tables give it (`alice`, `leakyBank`: `withAccountNames`), so a contract is not named twice.
 */
function describeEvidence(evidence: Evidence): string {
  switch (evidence.kind) {
    case 'assertion':
      return ASSERTION_MESSAGES[evidence.how];
    case 'panic':
      return describePanic(evidence.code);
    case 'property':
      return propertyMessage(evidence);
    case 'token-theft':
      return `${address(evidence.token)}: ${theftMessage(evidence)}`;
    case 'ether-leak': {
      const from = evidence.payer === null ? '' : `, paid by ${address(evidence.payer)}`;
      if (evidence.partners.length === 0) return `${address(evidence.sender)} took out ${etherText(evidence.gain)} more than it sent in${from}`;
      const together = [evidence.sender, ...evidence.partners].map(address).join(', ');
      return `${together}, who named each other in their calls, together took out ${etherText(evidence.gain)} more than they sent in${from}`;
    }
    case 'controlled-delegatecall':
      return `${evidence.opcode} from ${address(evidence.from)} to ${address(evidence.target)}, an address ${address(evidence.sender)} passed in`;
    case 'arbitrary-storage-write':
      return `SSTORE to an arbitrary slot: the caller chose the slot ${evidence.slot} of ${address(evidence.contract)}`;
    case 'unprotected-selfdestruct':
      return `SELFDESTRUCT of ${address(evidence.contract)} executed by ${address(evidence.sender)}, not the deployer (balance sent to ${address(evidence.beneficiary)})`;
    case 'reentrancy':
      return (
        `${address(evidence.contract)} was re-entered${evidence.reentered === null ? '' : ` through ${evidence.reentered}`} by the attacker it called: the attacker gained ` +
        `${etherText(evidence.gained)}, against ${etherText(evidence.sequentialGain)} for the same calls made one after the other`
      );
  }
}

const ASSERTION_MESSAGES: Record<AssertionEvidence['how'], string> = {
  panic: 'Assertion failed (Panic 0x01)',
  'invalid-opcode': 'INVALID opcode (0xfe) executed: an assertion failed',
  'failure-flag': `${FLAGGED_CALL_MESSAGE} (forge fails the invariant run)`,
};

function propertyMessage({ property, failed, reason }: PropertyEvidence): string {
  switch (failed) {
    case 'returned-false':
      return `${property}() returned false`;
    case 'reverted':
      return `${property}() reverted: ${reason}`;
    case 'not-a-bool':
      return `${property}() did not return a bool`;
    case 'did-not-revert':
      return `${property}() returned instead of reverting`;
    case 'test-failed':
      return `${property} failed: ${reason}`;
    case 'target-call-reverted':
      return `${property} failed: ${REVERTED_CALL_MESSAGE}: ${reason}`;
  }
}

function theftMessage(evidence: TokenTheftEvidence): string {
  const amount = (value: bigint) => tokenAmountText(value, evidence.decimals ?? null);
  if (evidence.theft === 'allowance') {
    const [owner, spender, sender] = [evidence.owner, evidence.spender, evidence.sender].map(address);
    return `allowance(${owner}, ${spender}) rose from ${amount(evidence.before)} to ${amount(evidence.after)} in a transaction from ${sender}, not from the owner`;
  }
  const how = evidence.transferFrom ? 'transferFrom moved' : 'moved';
  return `${how} ${amount(evidence.amount)} of ${address(evidence.holder)}'s balance in a transaction from ${address(evidence.sender)}, with an allowance of ${amount(evidence.allowance)}`;
}

/** An account in a message: the report replaces it with its legend name. */
function address(account: Address): string {
  return addressText(account, NO_NAMES);
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

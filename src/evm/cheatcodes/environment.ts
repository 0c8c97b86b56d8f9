import { hexToBigInt, hexToBytes, type Hex } from 'viem';
import { account, loadSlot, setCode, storeSlot, writeAccount } from './chainAccess.js';
import { raisesFailFlag } from './failFlag.js';
import { CheatcodeError, type CheatcodeDefinition, decodedAddress as address } from './types.js';

/** forge's revert data for a rejected `vm.assume` and a `vm.skip(true)`: runners recognise them. */
export const ASSUME_REJECTION = new TextEncoder().encode('FOUNDRY::ASSUME');
export const SKIP_REQUEST = new TextEncoder().encode('FOUNDRY::SKIP');

const word = (value: unknown): bigint => hexToBigInt(value as Hex);
const toWord = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;

/** Chain state and block environment: balances, storage, code, nonces, block fields, labels. */
export const environmentCheatcodes: readonly CheatcodeDefinition[] = [
  {
    signature: 'function deal(address account, uint256 newBalance)',
    run: ([who, balance], call) =>
      writeAccount(call.chain, address(who), (a) => {
        a.balance = balance as bigint;
      }),
  },
  {
    signature: 'function setNonce(address account, uint64 newNonce)',
    run: ([who, nonce], call) =>
      writeAccount(call.chain, address(who), (a) => {
        a.nonce = nonce as bigint;
      }),
  },
  { signature: 'function getNonce(address account) returns (uint64 nonce)', run: ([who], call) => [account(call.chain, address(who)).nonce] },
  {
    signature: 'function store(address target, bytes32 slot, bytes32 value)',
    run: ([target, slot, value], call) => {
      if (raisesFailFlag(address(target), word(slot), word(value))) call.state.failFlagRaised = true;
      storeSlot(call.chain, address(target), word(slot), word(value));
    },
  },
  {
    signature: 'function load(address target, bytes32 slot) returns (bytes32 data)',
    run: ([target, slot], call) => [toWord(loadSlot(call.chain, address(target), word(slot)))],
  },
  {
    signature: 'function etch(address target, bytes newRuntimeBytecode)',
    run: ([target, code], call) => setCode(call.chain, address(target), hexToBytes(code as Hex)),
  },
  {
    signature: 'function warp(uint256 newTimestamp)',
    run: ([time], call) => {
      call.chain.header.timestamp = time as bigint;
    },
  },
  {
    signature: 'function roll(uint256 newHeight)',
    run: ([height], call) => {
      call.chain.header.number = height as bigint;
    },
  },
  {
    signature: 'function fee(uint256 newBasefee)',
    run: ([fee], call) => {
      call.chain.header.baseFeePerGas = fee as bigint;
    },
  },
  {
    signature: 'function chainId(uint256 newChainId)',
    run: ([id], call) => {
      call.state.chainId = id as bigint;
    },
  },
  { signature: 'function getBlockNumber() returns (uint256 height)', run: (_args, call) => [call.chain.header.number] },
  { signature: 'function getBlockTimestamp() returns (uint256 timestamp)', run: (_args, call) => [call.chain.header.timestamp] },
  {
    signature: 'function label(address account, string newLabel)',
    run: ([who, name], call) => {
      call.state.labels.set(address(who), name as string);
    },
  },
  {
    signature: 'function getLabel(address account) returns (string currentLabel)',
    run: ([who], call) => [call.state.labels.get(address(who)) ?? `unlabeled:${who as string}`],
  },
  {
    signature: 'function assume(bool condition)',
    run: ([condition]) => {
      if (condition !== true) throw new CheatcodeError('vm.assume rejected the input', ASSUME_REJECTION);
    },
  },
  { signature: 'function skip(bool skipTest)', run: ([skip], call) => requestSkip(skip === true, call.state) },
  { signature: 'function skip(bool skipTest, string reason)', run: ([skip], call) => requestSkip(skip === true, call.state) },
];

function requestSkip(skip: boolean, state: { skipped: boolean }): void {
  if (!skip) return;
  state.skipped = true;
  throw new CheatcodeError('vm.skip', SKIP_REQUEST);
}

const ENV_TYPES = ['bool', 'uint256', 'int256', 'address', 'bytes32', 'string', 'bytes'] as const;

/**
 * Environment reads. Lookout runs tests without the developer's environment, so `envOr` returns its
 * default (as forge does when the variable is unset), `envExists` is false and the plain reads revert
 * as forge's do for an unset variable.
 */
export const envCheatcodes: readonly CheatcodeDefinition[] = [
  ...ENV_TYPES.flatMap((type): CheatcodeDefinition[] => [
    { signature: `function envOr(string name, ${type} defaultValue) returns (${type} value)`, run: (args) => [args[1]] },
    { signature: `function envOr(string name, string delim, ${type}[] defaultValue) returns (${type}[] value)`, run: (args) => [args[2]] },
    { signature: `function env${envName(type)}(string name) returns (${type} value)`, run: ([name]) => unsetVariable(name) },
    { signature: `function env${envName(type)}(string name, string delim) returns (${type}[] value)`, run: ([name]) => unsetVariable(name) },
  ]),
  { signature: 'function envExists(string name) returns (bool result)', run: () => [false] },
];

function envName(type: (typeof ENV_TYPES)[number]): string {
  const names = { bool: 'Bool', uint256: 'Uint', int256: 'Int', address: 'Address', bytes32: 'Bytes32', string: 'String', bytes: 'Bytes' };
  return names[type];
}

function unsetVariable(name: unknown): never {
  throw new CheatcodeError(`vm.env: environment variable "${name as string}" not found (Lookout runs tests without an environment)`);
}

/** Fork persistence means nothing without forks: accepted and ignored, as on a forge run without forks. */
export const persistenceCheatcodes: readonly CheatcodeDefinition[] = [
  'function makePersistent(address account)',
  'function makePersistent(address account0, address account1)',
  'function makePersistent(address account0, address account1, address account2)',
  'function makePersistent(address[] accounts)',
  'function revokePersistent(address account)',
  'function revokePersistent(address[] accounts)',
  'function allowCheatcodes(address account)',
].map((signature) => ({ signature, run: () => undefined }));

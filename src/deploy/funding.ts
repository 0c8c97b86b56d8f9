import { bytesToHex, decodeFunctionResult, encodeFunctionData, hexToBytes, parseAbi, type Abi, type AbiFunction } from 'viem';
import { type Address, ATTACKER_FILE, type Executor, type Tx } from '../evm/index.js';
import { isErc20Shaped } from '../abi/index.js';
import { tokenBalance } from './tokenViews.js';
import type { DeployedContract } from './types.js';

/** Token units a mint gives each sender: a million tokens of 18 decimals, far below overflow of amount × supply products. */
export const FUNDED_TOKENS = 10n ** 24n;
/**
 * Asset units each ERC-4626-shaped vault holds beyond its deposits, sent by the last sender: tokens
 * anyone may send a vault, so its share price is not exactly one (as after any yield or donation),
 * and preview functions round. One unit keeps the price near one, so small deposits still mint shares.
 */
export const VAULT_DONATION = 1n;
/** Wei each sender wraps into an ether-backed token (WETH's `deposit()`): a small share of its balance. */
export const FUNDED_WEI = 1_000n * 10n ** 18n;
/**
 * Wei the deployer sends each contract that takes plain ether (not a token): real contracts hold
 * ether nobody fuzzed in, so a payout open to anyone shows as an ether leak in the very sequence
 * that reaches it, not only after another sender happened to pay in first.
 */
export const FUNDED_CONTRACT_WEI = 10n * 10n ** 18n;

const ERC20 = parseAbi([
  'function mint(address, uint256)',
  'function deposit() payable',
  'function transfer(address, uint256) returns (bool)',
  'function asset() view returns (address)',
]);

/** How a sender came to hold a token (or a contract ether) at the start of every sequence. */
export interface Funding {
  /** Deployment index of the token; for `ether`, of the funded contract. */
  token: number;
  holder: Address;
  /**
   * `mint`: the token's public `mint(holder, amount)`, from the deployer; `deposit`: the holder
   * wrapped ether; `transfer`: a share of what the deployer held; `donation`: a vault (the holder)
   * was sent VAULT_DONATION of its asset by the last sender; `ether`: the deployer sent a contract
   * (the holder) FUNDED_CONTRACT_WEI with empty calldata.
   */
  via: 'mint' | 'deposit' | 'transfer' | 'donation' | 'ether';
  /** Token units the holder's `balanceOf` rose by; for `ether`, the wei its balance rose by. */
  amount: bigint;
}

/**
 * Campaigns start from a funded state: every sender holds every ERC-20-shaped deployment that one
 * of these gives (a vault's shares come only from depositing), through ordinary transactions —
 * a public `mint(address,uint256)` from the deployer, else a payable `deposit()` with FUNDED_WEI
 * from the holder (not the deployer), else a share of the deployer's balance by `transfer`. Real transactions keep the
 * token's own accounting (supply, backing ether) consistent, so every oracle stays sound on the
 * funded state. Nothing is approved: an allowance is the fuzzer's to give, so the token-theft oracle
 * still sees a contract pulling what nobody allowed. Runs before the snapshot.
 */
export async function fundSenders(executor: Executor, deployed: readonly DeployedContract[]): Promise<Funding[]> {
  const fundings: Funding[] = [];
  for (const { contract, index } of deployed) {
    if (contract.kind !== 'contract' || !isErc20Shaped(contract.abi)) continue;
    const ways = fundingWays(contract.abi);
    for (const holder of executor.senderAddresses) {
      for (const way of ways) {
        const funding = await fund(executor, index, holder, way);
        if (funding !== undefined) {
          fundings.push(funding);
          break;
        }
      }
    }
  }
  for (const vault of deployed) {
    const donation = await donate(executor, vault, deployed);
    if (donation !== undefined) fundings.push(donation);
  }
  for (const contract of deployed) {
    const ether = await sendEther(executor, contract);
    if (ether !== undefined) fundings.push(ether);
  }
  return fundings;
}

type Way = Exclude<Funding['via'], 'donation' | 'ether'>;

/**
 * FUNDED_CONTRACT_WEI from the deployer, for a contract that takes plain ether (`receive()` or a
 * payable fallback) and is neither a token (its holders' deposits back it) nor Lookout's attacker.
 * A transaction like any other, so whatever the contract does on receipt is done.
 */
async function sendEther(executor: Executor, { contract, index, address }: DeployedContract): Promise<Funding | undefined> {
  if (contract.kind !== 'contract' || contract.file === ATTACKER_FILE || isErc20Shaped(contract.abi) || !takesPlainEther(contract.abi)) return undefined;
  const deployer = executor.senderAddresses.indexOf(executor.deployerAddresses[0]);
  if (deployer < 0) return undefined;
  const before = executor.balanceOf(address);
  const result = await executor.run({ sender: deployer, to: index, data: new Uint8Array(0), value: FUNDED_CONTRACT_WEI, blockDelay: 0, timeDelay: 0 });
  const after = executor.balanceOf(address);
  return result.outcome.kind === 'success' && after > before ? { token: index, holder: address, via: 'ether', amount: after - before } : undefined;
}

/** A `receive()`, or a payable fallback: what a transfer with empty calldata runs. */
function takesPlainEther(abi: Abi): boolean {
  return abi.some((item) => item.type === 'receive' || (item.type === 'fallback' && item.stateMutability === 'payable'));
}

/** VAULT_DONATION of an ERC-4626-shaped contract's asset, when the asset is deployed and the last sender holds it. */
async function donate(executor: Executor, vault: DeployedContract, deployed: readonly DeployedContract[]): Promise<Funding | undefined> {
  if (!isVaultShaped(vault.contract.abi)) return undefined;
  const { success, returnData } = await executor.view(vault.index, calldata('asset', []));
  if (!success || returnData.length < 32) return undefined;
  const asset = decodeFunctionResult({ abi: ERC20, functionName: 'asset', data: bytesToHex(returnData) }).toLowerCase();
  const token = deployed.find((d) => d.address.toLowerCase() === asset && isErc20Shaped(d.contract.abi));
  if (token === undefined) return undefined;
  const donor = executor.senderAddresses.length - 1;
  const before = await tokenBalance(executor, token.index, vault.address);
  const result = await executor.run({
    sender: donor,
    to: token.index,
    data: calldata('transfer', [vault.address, VAULT_DONATION]),
    value: 0n,
    blockDelay: 0,
    timeDelay: 0,
  });
  const after = await tokenBalance(executor, token.index, vault.address);
  if (result.outcome.kind !== 'success' || before === undefined || after === undefined || after <= before) return undefined;
  return { token: token.index, holder: vault.address, via: 'donation', amount: after - before };
}

/** ERC-4626 by its ABI (its share token's functions aside): an `asset()`, `totalAssets()` and `deposit(assets, receiver)`. */
function isVaultShaped(abi: Abi): boolean {
  const signatures = new Set(abi.flatMap((item) => (item.type === 'function' ? [`${item.name}(${item.inputs.map((i) => i.type).join(',')})`] : [])));
  return ['asset()', 'totalAssets()', 'deposit(uint256,address)'].every((s) => signatures.has(s));
}

/** Whether anyone can be given the token after deployment: a public `mint(address,uint256)` or a payable `deposit()`. */
export function issuesTokens(abi: Abi): boolean {
  return fundingWays(abi).some((way) => way !== 'transfer');
}

function fundingWays(abi: Abi): Way[] {
  const has = (name: string, inputs: string, payable?: boolean) =>
    abi.some(
      (item): item is AbiFunction =>
        item.type === 'function' &&
        item.name === name &&
        item.inputs.map((i) => i.type).join(',') === inputs &&
        (payable === undefined || (item.stateMutability === 'payable') === payable),
    );
  const ways: Way[] = [];
  if (has('mint', 'address,uint256')) ways.push('mint');
  if (has('deposit', '', true)) ways.push('deposit');
  ways.push('transfer');
  return ways;
}

/** One way of funding one holder; undefined when the transaction fails or the balance does not rise. */
async function fund(executor: Executor, token: number, holder: Address, via: Way): Promise<Funding | undefined> {
  const senders = executor.senderAddresses;
  const deployer = senders.indexOf(executor.deployerAddresses[0]);
  const before = await tokenBalance(executor, token, holder);
  if (before === undefined) return undefined;
  let tx: Omit<Tx, 'to' | 'blockDelay' | 'timeDelay'>;
  switch (via) {
    case 'mint':
      if (deployer < 0) return undefined;
      tx = { sender: deployer, data: calldata('mint', [holder, FUNDED_TOKENS]), value: 0n };
      break;
    case 'deposit':
      // Not the deployer: wrapped ether it handed a sender would come out of withdraw as that sender's gain (an ether leak).
      if (holder === senders[deployer]) return undefined;
      tx = { sender: senders.indexOf(holder), data: calldata('deposit', []), value: FUNDED_WEI };
      break;
    case 'transfer': {
      // The deployer keeps a share as large as each other sender's.
      const held = deployer < 0 || senders[deployer] === holder ? 0n : await tokenBalance(executor, token, senders[deployer]);
      if (held === undefined || held === 0n) return undefined;
      tx = { sender: deployer, data: calldata('transfer', [holder, held / BigInt(senders.length)]), value: 0n };
      break;
    }
  }
  const result = await executor.run({ ...tx, to: token, blockDelay: 0, timeDelay: 0 });
  if (result.outcome.kind !== 'success') return undefined;
  const after = await tokenBalance(executor, token, holder);
  return after !== undefined && after > before ? { token, holder, via, amount: after - before } : undefined;
}

function calldata(functionName: 'mint' | 'deposit' | 'transfer' | 'asset', args: readonly unknown[]): Uint8Array {
  return hexToBytes(encodeFunctionData({ abi: ERC20, functionName, args } as Parameters<typeof encodeFunctionData>[0]));
}

import { bytesToHex, decodeFunctionData, getContractAddress, hexToBytes, parseAbi, toFunctionSelector } from 'viem';
import type { Address } from './types.js';

/**
 * Lookout's attacker contract: added to every deployed world after the project's contracts, so that
 * the fuzzer can call a contract under test from a contract account that re-enters it (sFuzz's
 * reentrancy test case, ILF's attacker). `lookoutCall(to, data, reenter)` calls `to` with `data` and
 * its ether; when `to` pays it or calls a token hook (ERC-721, ERC-1155, ERC-777 land in `fallback`)
 * meanwhile, it calls `to` with `reenter` once. The re-entry's failure is ignored: a guard that
 * reverts it must not undo the payment that triggered it. The first call's failure reverts the
 * transaction with no reason: as called directly, a call that fails changes nothing (the corpus
 * counts no failed forwarding as a state change), and a panic of it is not reported twice (also
 * located in the attacker) when the direct call finds it already.
 *
 * One function with its re-entry call, kept in transient storage, rather than an `arm` apart with
 * the call kept in storage: an attack is then one call, not two the fuzzer must pair, and writes no
 * storage. No loop depends on the calls' lengths, so the attacker adds no paths (corpus entries) of
 * its own: with a storage `bytes` it took 85 % of an ERC-20 campaign's transactions at 230k gas each.
 *
 * The creation code is checked in, compiled from `ATTACKER_SOURCE` with `ATTACKER_COMPILER_SETTINGS`
 * by the bundled solc 0.8.37: compiling it at run time would cost ~2 s per process. A test compiles
 * the source again and compares.
 */
export const ATTACKER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Lookout's attacker: forwards a call (with its ether) to a contract under test and, when that
/// contract pays it or calls one of its token hooks during the call, re-enters it once with a
/// second call. Everything it keeps is transient: nothing carries over to the next transaction.
/// No loop depends on the calls' lengths, so the attacker's own code adds no paths to the corpus.
contract LookoutAttacker {
    /// Transient slots: the target, the re-entry call's length, whether it was made, its words.
    uint256 private constant TARGET = 0;
    uint256 private constant LENGTH = 1;
    uint256 private constant ENTERED = 2;
    uint256 private constant WORDS = 3;
    uint256 private constant MAX_WORDS = 16;

    /// Calls to with data and the ether sent; re-enters to with reenter (empty: never) from a callback.
    /// Contracts only, never itself: paying a sender through the attacker would be a transfer
    /// between senders, and calling itself would only park the ether here.
    function lookoutCall(address to, bytes calldata data, bytes calldata reenter) external payable returns (bytes memory) {
        require(to.code.length > 0 && to != address(this), "not a contract under test");
        require(reenter.length <= MAX_WORDS * 32, "re-entry call too long");
        assembly {
            tstore(TARGET, to)
            tstore(LENGTH, reenter.length)
            for { let i := 0 } lt(i, MAX_WORDS) { i := add(i, 1) } {
                tstore(add(WORDS, i), calldataload(add(reenter.offset, mul(i, 32))))
            }
        }
        // A failed call fails the transaction, as it would called directly, but without its reason:
        // the contract's own oracles judge that when a sender calls it directly; passed on, the same
        // panic would be reported again, located in the attacker.
        (bool ok, bytes memory out) = to.call{value: msg.value}(data);
        if (!ok) revert();
        return out;
    }

    receive() external payable {
        reenterOnce();
    }

    /// Token hooks (ERC-721, ERC-1155, ERC-777) land here: answering with the calldata's selector,
    /// ABI-encoded, is the acceptance value each of them checks.
    fallback(bytes calldata) external payable returns (bytes memory) {
        reenterOnce();
        return abi.encode(msg.sig);
    }

    /// The re-entrant call's own outcome is ignored: a guard that reverts it must not undo the payment.
    function reenterOnce() private {
        assembly {
            let length := tload(LENGTH)
            if and(gt(length, 0), iszero(tload(ENTERED))) {
                tstore(ENTERED, 1)
                let input := mload(0x40)
                for { let i := 0 } lt(i, MAX_WORDS) { i := add(i, 1) } {
                    mstore(add(input, mul(i, 32)), tload(add(WORDS, i)))
                }
                pop(call(gas(), tload(TARGET), 0, input, length, 0, 0))
            }
        }
    }
}
`;

/** Standard-JSON settings the creation code was compiled with (no metadata: the code is reproducible). */
export const ATTACKER_COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
} as const;

export const ATTACKER_NAME = 'LookoutAttacker';
/** A source path no project has: how deployments and oracles tell the attacker apart. */
export const ATTACKER_FILE = '<lookout>/LookoutAttacker.sol';

/**
 * The account of Lookout's own that creates the attacker, outside the funded ones: its first creation
 * puts the attacker at `ATTACKER_ADDRESS` whatever the project deploys, so constructor arguments can
 * name it (a payee, a beneficiary) before it is deployed, after the project's contracts.
 */
export const ATTACKER_CREATOR: Address = '0x00000000000000000000000000000000a77ac4e7';
export const ATTACKER_ADDRESS = getContractAddress({ from: ATTACKER_CREATOR, nonce: 0n }).toLowerCase() as Address;

/** What the fuzzer calls; receive and fallback are left out (called directly, they re-enter nothing). */
export const ATTACKER_ABI = parseAbi(['function lookoutCall(address to, bytes data, bytes reenter) payable returns (bytes)']);
export const ATTACKER_CALL_SELECTOR = toFunctionSelector(ATTACKER_ABI[0]);
const SELECTOR_BYTES = hexToBytes(ATTACKER_CALL_SELECTOR);

/** The calls `lookoutCall` calldata has the attacker make (its call and its re-entry); none for other calldata. */
export function forwardedCalldata(data: Uint8Array): Uint8Array[] {
  // Compared as bytes: the ether-leak oracle asks this of every successful transaction.
  if (data.length < 4 || SELECTOR_BYTES.some((b, i) => data[i] !== b)) return [];
  try {
    const { args } = decodeFunctionData({ abi: ATTACKER_ABI, data: bytesToHex(data) });
    return [hexToBytes(args[1]), hexToBytes(args[2])];
  } catch {
    return [];
  }
}

export const ATTACKER_CREATION_CODE = hexToBytes(
  '0x6080604052348015600e575f5ffd5b506103828061001c5f395ff3fe608060405260043610610021575f3560e01c806399be04481461006e57610030565b366100305761002e610097565b005b5f36606061003c610097565b604080516001600160e01b03195f35166020820152016040516020818303038152906040529050915050805190602001f35b61008161007c366004610288565b6100de565b60405161008e9190610315565b60405180910390f35b60015c60025c155f821116156100db57600160025d6040515f5b60108110156100ce57600381015c602082028301526001016100b1565b505f5f83835f5f5c5af150505b50565b60605f866001600160a01b03163b11801561010257506001600160a01b0386163014155b6101535760405162461bcd60e51b815260206004820152601960248201527f6e6f74206120636f6e747261637420756e64657220746573740000000000000060448201526064015b60405180910390fd5b61015f6010602061034a565b8211156101a75760405162461bcd60e51b815260206004820152601660248201527572652d656e7472792063616c6c20746f6f206c6f6e6760501b604482015260640161014a565b855f5d8160015d5f5b60108110156101cd5760208102840135816003015d6001016101b0565b505f5f876001600160a01b03163488886040516101eb929190610373565b5f6040518083038185875af1925050503d805f8114610225576040519150601f19603f3d011682016040523d82523d5f602084013e61022a565b606091505b509150915081610238575f5ffd5b979650505050505050565b5f5f83601f840112610253575f5ffd5b50813567ffffffffffffffff81111561026a575f5ffd5b602083019150836020828501011115610281575f5ffd5b9250929050565b5f5f5f5f5f6060868803121561029c575f5ffd5b85356001600160a01b03811681146102b2575f5ffd5b9450602086013567ffffffffffffffff8111156102cd575f5ffd5b6102d988828901610243565b909550935050604086013567ffffffffffffffff8111156102f8575f5ffd5b61030488828901610243565b969995985093965092949392505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b808202811582820484141761036d57634e487b7160e01b5f52601160045260245ffd5b92915050565b818382375f910190815291905056',
);

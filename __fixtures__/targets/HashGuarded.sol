// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Two lines no fuzzer reaches in a small budget: each sits behind a branch whose way toward it
/// needs a keccak preimage. The report names the guard in front of each line.
contract HashGuarded {
    uint256 public opened;
    uint256 public unlocked;

    function open(uint256 key) external {
        if (keccak256(abi.encode(key)) == bytes32(uint256(0x1337))) { // guard-open
            opened += 1; // behind-open
        }
    }

    function unlock(bytes32 secret) external {
        require(keccak256(abi.encode(secret)) == bytes32(uint256(0xbeef)), "wrong secret"); // guard-unlock
        unlocked += 1; // behind-unlock
    }

    function touch() external {
        opened += 0; // reached
    }
}

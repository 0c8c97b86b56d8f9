// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: an out-of-bounds panic (0x32) that needs 2 transactions: deposit() with msg.value >= 1 ether
// (a payable call), then slot(i) with i >= 4, which indexes the fixed-size array unchecked.
// Safe twin: VaultSafe.sol (slot() requires i < 4).
contract Vault {
    uint256 public constant MIN_DEPOSIT = 1 ether;

    // Private: a public getter would reach the same panic without the deposit.
    uint256[4] private slots;
    bool public funded;
    uint256 public lastRead;

    function deposit() external payable {
        require(msg.value >= MIN_DEPOSIT, "deposit too small");
        funded = true;
        slots[0] += msg.value;
    }

    function slot(uint256 i) external returns (uint256) {
        require(funded, "not funded");
        lastRead = slots[i];
        return lastRead;
    }
}

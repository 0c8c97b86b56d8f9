// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Vault.sol: slot() checks the index with require, so the out-of-bounds panic cannot
// happen (an out-of-range index reverts with a reason instead).
contract VaultSafe {
    uint256 public constant MIN_DEPOSIT = 1 ether;

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
        require(i < slots.length, "no such slot");
        lastRead = slots[i];
        return lastRead;
    }
}

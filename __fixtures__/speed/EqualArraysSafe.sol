// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of EqualArrays.sol: the same settle(accounts, amounts), but the remainder is split
// among length - 2 accounts, never zero past the length >= 3 check.
contract EqualArraysSafe {
    mapping(address => uint256) public balances;
    uint256 public remainder;

    function settle(address[] calldata accounts, uint256[] calldata amounts) external {
        require(accounts.length == amounts.length, "length mismatch");
        require(accounts.length > 0, "empty batch");
        uint256 total;
        for (uint256 i = 0; i < accounts.length; i++) {
            require(accounts[i] != address(0), "zero account");
            require(amounts[i] > 0 && amounts[i] <= 1e24, "bad amount");
            balances[accounts[i]] += amounts[i];
            total += amounts[i];
        }
        if (accounts.length >= 3) {
            // The accounts after the first three share the remainder.
            remainder += (total % 1000) / (accounts.length - 2);
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: a division-by-zero panic (0x12) on the line after a loop over two calldata arrays that must
// have equal lengths (the changed line of issue 13's example): settle(accounts, amounts) with exactly
// three non-zero accounts and three amounts in (0, 1e24] splits the remainder among length - 3
// accounts. A fuzzer that draws the two lengths independently rarely passes the length check with
// three of each.
// Safe twin: EqualArraysSafe.sol (splits among length - 2 accounts).
contract EqualArrays {
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
            remainder += (total % 1000) / (accounts.length - 3);
        }
    }
}

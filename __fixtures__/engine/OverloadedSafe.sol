// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Overloaded.sol: the int256 overload refuses values over its bound instead of asserting it.
contract OverloadedSafe {
    uint256 public unsignedTotal;
    int256 public signedTotal;

    function put(uint256 value) external {
        unsignedTotal += value % 1000;
    }

    function put(int256 value) external {
        require(value <= 1000, "over the bound");
        signedTotal = value;
    }
}

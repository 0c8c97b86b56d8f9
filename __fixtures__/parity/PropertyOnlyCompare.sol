// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Two exact values, set by two calls and compared only inside a property: `echidna_pair` breaks
/// after 2 transactions, `setA(0x1234567 - 12345)` and `setB(0x2468ACF0 / 3)` in any order. Neither
/// value is a constant of the code: the property's own comparisons must guide the search.
/// Twin: PropertyOnlyCompareSafe.sol.
contract PropertyOnlyCompare {
    uint256 public a;
    uint256 public b;

    function setA(uint256 x) external {
        a = x;
    }

    function setB(uint256 x) external {
        b = x;
    }

    function echidna_pair() external view returns (bool) {
        unchecked {
            if (a + 12345 != 0x1234567) return true;
            return b * 3 != 0x2468ACF0;
        }
    }
}

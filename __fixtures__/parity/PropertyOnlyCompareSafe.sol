// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of PropertyOnlyCompare.sol: `setB` keeps b below 1000, so the second comparison never holds.
contract PropertyOnlyCompareSafe {
    uint256 public a;
    uint256 public b;

    function setA(uint256 x) external {
        a = x;
    }

    function setB(uint256 x) external {
        b = x % 1000;
    }

    function echidna_pair() external view returns (bool) {
        unchecked {
            if (a + 12345 != 0x1234567) return true;
            return b * 3 != 0x2468ACF0;
        }
    }
}

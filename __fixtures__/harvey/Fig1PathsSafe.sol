// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Fig1Paths.sol: the same five paths of Harvey Fig. 1, but path 2 (a == 42, b >= 3,
// b + c < 1) returns 2 instead of failing an assertion. Nothing to report.
contract Fig1PathsSafe {
    uint256 public calls;

    function baz(int256 a, int256 b, int256 c) external returns (int256) {
        calls += 1;
        int256 d;
        unchecked {
            d = b + c;
        }
        if (d < 1) {
            if (b < 3) {
                return 1;
            }
            if (a == 42) {
                return 2;
            }
            return 3;
        } else {
            if (c < 42) {
                return 4;
            }
            return 5;
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Harvey Fig. 1: baz has five paths, one per return value. Path 2 needs b + c < 1, b >= 3 and
// a == 42 at once; it fails an assertion here, so reaching it is a finding. The sum is unchecked so
// that every (a, b, c) runs, as in the paper (0.8's checked int addition would revert on overflow).
// Bug: baz(42, 3, -5) (any b >= 3, c <= -b, a == 42).
// Safe twin: Fig1PathsSafe.sol (same five paths, path 2 returns instead of failing).
contract Fig1Paths {
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
                assert(false);
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

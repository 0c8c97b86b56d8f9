// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Fig2.sol with the target behind the loops instead of in the other branch, so that only a domain
// refined on branch conditions ends the no-target-ahead prefix before the loops: the first branch
// takes k < 999, which makes the later guard k >= 999 false. A constant domain knows nothing of k
// there, so every path keeps its loop turns in the prefix and the LIDs are as many as the paths.
// The target (marked TARGET) needs k == 999 and b == 29 (3b^2 + 7b + 101 == 2827, b = a % 32).
// Not a bug fixture: no safe twin.
contract Fig2Refined {
    uint256 public hits;

    function bar(uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public returns (uint256) {
        uint256 k = x % 1000;
        uint256 ret = 0;
        if (k < 999) {
            ret = 8;
            if (y % 2 == 0) {
                ret = 9;
            }
            w = w % ret;
            while (w != 0) {
                w--;
            }
            z = z % ret;
            while (ret != z) {
                z++;
            }
        }
        if (k >= 999) {
            uint256 b = a % 32;
            unchecked {
                ret = 3 * b * b + 7 * b + 101;
            }
            if (ret == 2827) {
                hits += 1; // TARGET
            }
        }
        return ret;
    }
}

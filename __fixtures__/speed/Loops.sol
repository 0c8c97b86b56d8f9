// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bran Fig. 2 at the paper's size: ret is 256 or 257, so the two input-dependent loops run up to
// 256 and 257 times and an exact path identity sees a new path for almost every input (about half of
// all inputs kept, issue 13). With AFL's hit-count buckets the loops give a few dozen paths. The
// other branch holds a line (marked TARGET) behind the same narrow check as bran/Fig2.sol.
// Not a bug fixture: no safe twin.
contract Loops {
    uint256 public hits;

    function bar(uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public returns (uint256) {
        uint256 ret = 0;
        if (x % 1000 != 777) {
            ret = 256;
            if (y % 2 == 0) {
                ret = 257;
            }
            w = w % ret;
            while (w != 0) {
                w--;
            }
            z = z % ret;
            while (ret != z) {
                z++;
            }
        } else {
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

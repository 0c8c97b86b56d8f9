// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// The running example of the Bran paper (Fig. 2) in the variant its comments describe (line 5 reads
// `x % 1000 != 42`; here 777), scaled so that the benchmark in bench/bran.ts finishes in minutes:
// - almost every x takes the first branch, whose two input-dependent loops (w and z, up to 9 turns
//   each; the paper's ret = 256 / 257 is 8 / 9 here) flood the fuzzer with path ids;
// - the rare other branch holds the target line (marked TARGET) behind a narrow computed check,
//   3b^2 + 7b + 101 == 2827 with b = a % 32, true only for b == 29 (the paper: a == 42 with a full
//   word; unchecked, so no overflow branch adds paths). Reaching it takes fuzzing the one input that
//   passed the gate often enough: a fresh input needs both the gate and b == 29.
// Once a path is in the first branch, the lookahead analysis proves the target unreachable: all
// those paths share one LID. Not a bug fixture: no safe twin.
contract Fig2 {
    uint256 public hits;

    function bar(uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public returns (uint256) {
        uint256 ret = 0;
        if (x % 1000 != 777) {
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

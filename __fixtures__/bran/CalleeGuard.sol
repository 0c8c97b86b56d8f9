// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bran §IV-C, callee frames: Fig2Refined.sol with the narrow check moved into an external library
// function, which the caller enters by DELEGATECALL. Both branches of `bar` call it. The loops'
// branch passes b = 0, so the callee's guard (3b^2 + 7b + 101 == 2827) is false on every path
// through it: only an analysis that follows the call into the library, with the calldata the caller
// wrote, ends the no-target-ahead prefix before the loops (a call counted as "may reach a target"
// keeps every loop turn in the prefix, so the LIDs are as many as the paths). The other branch
// passes a % 32, and the target (marked TARGET, in the callee) stays reachable there: b == 29.
// The library's other function reaches the target with any input: the callee's analysis must know
// which function the call selects (the selector word, partly overwritten by the unknown `hits`).
// Not a bug fixture: no safe twin.
library Quadratic {
    function settle(uint256 total, uint256 b) public pure returns (uint256) {
        uint256 ret;
        unchecked {
            ret = 3 * b * b + 7 * b + 101;
        }
        if (ret == 2827) {
            return total + 1; // TARGET
        }
        return total;
    }

    function settleAny(uint256 a) public pure returns (uint256) {
        return settle(0, a % 32);
    }
}

contract CalleeGuard {
    uint256 public hits;

    function bar(uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public returns (uint256) {
        uint256 k = x % 1000;
        if (k < 999) {
            uint256 ret = 8;
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
            hits = Quadratic.settle(hits, 0); // DEAD_THROUGH_CALL
            return ret;
        }
        hits = Quadratic.settle(hits, a % 32); // LIVE_THROUGH_CALL
        return hits;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bran §IV-C, callee LIDs: Fig2.sol's whole body moved into an external library function, which the
// caller enters by DELEGATECALL on every call of `bar`. The caller's own path is the same for every
// input (the call is in every prefix: a target lies behind it), so a LID of the caller's jumps alone
// is one LID for all inputs and the schedule cannot tell the rare branch's input from the loops'. The
// callee's lookahead, run on the library frame's own path, ends its prefix where Fig2's does: all
// loop paths share one callee LID, the rare branch (x % 1000 == 777, target TARGET behind b == 29)
// has another, and the caller's LID hashes that in. Not a bug fixture: no safe twin.
library Fig2Body {
    function run(uint256 hits, uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public pure returns (uint256) {
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
                return hits + 1; // TARGET
            }
        }
        return hits;
    }
}

contract CalleeFig2 {
    uint256 public hits;

    function bar(uint256 w, uint256 x, uint256 y, uint256 z, uint8 a) public returns (uint256) {
        hits = Fig2Body.run(hits, w, x, y, z, a);
        return hits;
    }
}

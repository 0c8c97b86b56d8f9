// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bran-style targets (the paper's Fig. 2, t14 and t19) that only branch-condition refinement proves
// unreachable from the function entry, each next to a safe twin whose target line IS reachable.
// DEAD_* lines: a loop's exit condition (or a callee's guard) implies the target's guard false.
// LIVE_* lines: the same shape where it does not; the analysis must never prove these.
// Not a bug fixture: the targets are lines, not failures.
contract LoopExit {
    uint256 public hits;

    // t14: the loop runs until w is 0, so w != 0 after it is impossible.
    function drain(uint256 w) public {
        while (w != 0) {
            w--;
        }
        if (w != 0) {
            hits += 1; // DEAD_DRAIN
        }
    }

    // Twin: the loop stops at 5, so w is anything up to 5 after it.
    function drainSome(uint256 w) public {
        while (w > 5) {
            w--;
        }
        if (w != 0) {
            hits += 2; // LIVE_DRAIN
        }
    }

    // t19: z counts up to ret (256 or 258, from below), so they are equal after the loop.
    function catchUp(uint256 z, uint256 y) public {
        uint256 ret = 256;
        if (y % 2 == 0) {
            ret = 258;
        }
        z = z % ret;
        while (ret != z) {
            z++;
        }
        if (ret != z) {
            hits += 3; // DEAD_CATCHUP
        }
    }

    // Twin: z may start above ret, and the loop then leaves it there.
    function catchUpFrom(uint256 z, uint256 y) public {
        uint256 ret = 256;
        if (y % 2 == 0) {
            ret = 258;
        }
        while (ret > z) {
            z++;
        }
        if (ret != z) {
            hits += 4; // LIVE_CATCHUP
        }
    }

    // A counting loop left early or at its bound: i is at most 10 behind it.
    function count(uint256 x) public {
        uint256 i;
        for (i = 0; i < 10; i++) {
            if (x == i) {
                break;
            }
        }
        if (i > 10) {
            hits += 5; // DEAD_COUNT
        }
        if (i < 10) {
            hits += 6; // LIVE_COUNT
        }
    }

    function capped(uint256 v) internal pure returns (uint256) {
        if (v > 100) {
            return 100;
        }
        return v;
    }

    // A guard in a callee: what it returns is at most 100.
    function guarded(uint256 v) public {
        uint256 c = capped(v);
        if (c > 100) {
            hits += 7; // DEAD_CALLEE
        }
        if (c == 100) {
            hits += 8; // LIVE_CALLEE
        }
    }
}

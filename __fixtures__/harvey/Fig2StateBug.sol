// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Harvey Fig. 2: Bar fails an assertion when x == 42, which takes at least three transactions:
// SetY(42), CopyY(), Bar() (or IncX() 42 times, then Bar()). No single call can fail.
// Safe twin: Fig2StateBugSafe.sol (SetY refuses 42 and IncX stops at 41, so x never becomes 42).
contract Fig2StateBug {
    int256 private x;
    int256 private y;

    function Bar() external returns (int256) {
        if (x == 42) {
            assert(false);
            return 1;
        }
        return 0;
    }

    function SetY(int256 ny) external {
        y = ny;
    }

    function IncX() external {
        x++;
    }

    function CopyY() external {
        x = y;
    }
}

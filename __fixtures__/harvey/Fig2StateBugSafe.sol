// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Fig2StateBug.sol: the same functions, but SetY ignores 42 and IncX stops at 41, so
// x can never be 42 and Bar's assertion cannot fail (aggressive storage fuzzing still sees the
// branch: the paper's reason for discarding aggressive inputs).
contract Fig2StateBugSafe {
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
        if (ny != 42) y = ny;
    }

    function IncX() external {
        if (x < 41) x++;
    }

    function CopyY() external {
        x = y;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Quadratic.sol: x * x + 3 * x = x * (x + 3) is always even, and the target
// 1634463611 is odd, so the assertion is unreachable. Nothing to report.
contract QuadraticSafe {
    uint256 public attempts;

    function solve(uint256 x) external {
        attempts += 1;
        if (x * x + 3 * x == 1634463611) {
            assert(false);
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A branch on a quadratic equation in one argument: x * x + 3 * x == 1634463610 holds only for
// x = 40427, which is no constant of the code (nor an operand of any comparison), so only a
// root finder (iterated secant steps on the branch's cost) or luck reaches the assertion.
// Bug: solve(40427).
// Safe twin: QuadraticSafe.sol (x * x + 3 * x is always even; its target there is odd).
contract Quadratic {
    uint256 public attempts;

    function solve(uint256 x) external {
        attempts += 1;
        if (x * x + 3 * x == 1634463610) {
            assert(false);
        }
    }
}

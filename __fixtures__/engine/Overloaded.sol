// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: `put` is overloaded on one argument's type, and the int256 overload asserts a bound its
// caller can pass: put(int256 v) with v > 1000 fails an assertion in 1 transaction. The literal a reproducer passes
// fits both overloads, so `overloaded.put(1001)` alone is ambiguous to solc.
// Safe twin: OverloadedSafe.sol (the int256 overload refuses such values with a require).
contract Overloaded {
    uint256 public unsignedTotal;
    int256 public signedTotal;

    function put(uint256 value) external {
        unsignedTotal += value % 1000;
    }

    function put(int256 value) external {
        assert(value <= 1000);
        signedTotal = value;
    }
}

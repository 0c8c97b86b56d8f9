// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Changed lines that no transaction can execute, next to one that any call of store() executes.
// DEAD_COMPARE sits behind a comparison of two constants that is always false; the constants come
// from internal functions so the unoptimised compiler keeps the comparison in the bytecode.
// DEAD_REQUIRE sits behind a require on a constant that always fails. The lookahead analysis with
// an empty prefix must prove both unreachable and must not prove LIVE_STORE unreachable.
// Not a bug fixture: no safe twin.
contract ConstantFalse {
    uint256 public stored;

    function limit() internal pure returns (uint256) {
        return 10;
    }

    function threshold() internal pure returns (uint256) {
        return 20;
    }

    function enabled() internal pure returns (bool) {
        return false;
    }

    function store(uint256 v) public {
        if (limit() > threshold()) {
            stored = v * 3; // DEAD_COMPARE
        }
        stored = v; // LIVE_STORE
    }

    function unlock(uint256 v) public {
        require(enabled(), "disabled");
        stored = v + 1; // DEAD_REQUIRE
    }
}

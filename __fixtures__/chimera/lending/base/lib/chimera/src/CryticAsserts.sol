// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Asserts} from "./Asserts.sol";

/// Echidna's and Medusa's way: a failed check says why in an event, then fails the call with
/// `assert(false)` (Panic 0x01), which both fuzzers report in assertion mode.
contract CryticAsserts is Asserts {
    event AssertionFailed(string reason);

    function t(bool ok, string memory reason) internal virtual override {
        if (ok) return;
        emit AssertionFailed(reason);
        assert(false);
    }

    function eq(uint256 a, uint256 b, string memory reason) internal virtual override {
        t(a == b, reason);
    }

    function gte(uint256 a, uint256 b, string memory reason) internal virtual override {
        t(a >= b, reason);
    }

    function lte(uint256 a, uint256 b, string memory reason) internal virtual override {
        t(a <= b, reason);
    }

    function between(uint256 value, uint256 low, uint256 high) internal virtual override returns (uint256) {
        if (value >= low && value <= high) return value;
        return low + (value % (high - low + 1));
    }
}

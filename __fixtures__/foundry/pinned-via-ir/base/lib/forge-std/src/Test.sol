// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0 <0.9.0;

import {Vm} from "./Vm.sol";

/// A small stand-in for forge-std's Test, written for Lookout's fixtures: the cheatcode handle,
/// the `IS_TEST` marker forge looks for, and the assertions these tests use.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    bool public IS_TEST = true;

    error AssertionFailed(string message);
    error AssertEqFailed(uint256 left, uint256 right);
    error AssertEqAddressFailed(address left, address right);

    function assertTrue(bool condition) internal pure {
        if (!condition) revert AssertionFailed("assertTrue");
    }

    function assertFalse(bool condition) internal pure {
        if (condition) revert AssertionFailed("assertFalse");
    }

    function assertEq(uint256 left, uint256 right) internal pure {
        if (left != right) revert AssertEqFailed(left, right);
    }

    function assertEq(address left, address right) internal pure {
        if (left != right) revert AssertEqAddressFailed(left, right);
    }

    function assertEq(string memory left, string memory right) internal pure {
        if (keccak256(bytes(left)) != keccak256(bytes(right))) revert AssertionFailed("assertEq(string)");
    }
}

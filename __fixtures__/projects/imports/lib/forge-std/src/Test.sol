// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Vm} from "./Vm.sol";

/// A tiny stand-in for forge-std's Test, found as `forge-std/Test.sol` through the Foundry lib/ layout.
abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
}

// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0 <0.9.0;

import {Vm} from "./Vm.sol";

/// A small stand-in for forge-std's Script, written for Lookout's fixtures.
abstract contract Script {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    bool public IS_SCRIPT = true;
}

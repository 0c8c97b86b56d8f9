// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The address of a contract a transaction created is an input: assertion failure (panic 0x01)
/// after 2 transactions, `spawn()` then `poke(child)` with the address `spawn` created. Twin:
/// CreatedAtRuntimeSafe.sol.
contract Child {
    function ping() external {}
}

contract CreatedAtRuntime {
    Child public child;

    function spawn() external {
        if (address(child) == address(0)) child = new Child();
    }

    function poke(address x) external view {
        assert(address(child) == address(0) || x != address(child));
    }
}

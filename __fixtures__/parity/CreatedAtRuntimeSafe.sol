// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of CreatedAtRuntime.sol: `poke` rejects the child's address before asserting.
contract SafeChild {
    function ping() external {}
}

contract CreatedAtRuntimeSafe {
    SafeChild public child;

    function spawn() external {
        if (address(child) == address(0)) child = new SafeChild();
    }

    function poke(address x) external view {
        if (x == address(child)) return;
        assert(address(child) == address(0) || x != address(child));
    }
}

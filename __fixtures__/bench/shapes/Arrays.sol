// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Throughput on dynamic-array arguments (bench `shapes`): every element read. No bug.
contract Arrays {
    address private constant NOBODY = address(0x123456);
    bool private seen;

    function scan(address[] memory xs, uint256[] memory ns) external {
        // No fuzzed sender is this contract: the loop reads every element, the flag stays down.
        for (uint256 i; i < xs.length; i++) if (xs[i] == NOBODY && ns.length == 7 && msg.sender == address(this)) seen = true;
    }

    function echidna_never() external view returns (bool) {
        return !seen;
    }
}

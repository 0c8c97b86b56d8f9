// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Compiles: a broken file beside it must not keep it from being built.
contract Fine {
    uint256 public count;

    function bump() external {
        count += 1;
    }
}

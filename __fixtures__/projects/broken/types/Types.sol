// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Assigns a string to a uint256 on line 9.
contract Types {
    uint256 public value;

    function set() external {
        value = "not a number";
    }
}

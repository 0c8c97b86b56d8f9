// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Missing semicolon after `value = v` (line 9); solc reports it where the `}` is (line 10).
contract Syntax {
    uint256 public value;

    function set(uint256 v) external {
        value = v
    }
}

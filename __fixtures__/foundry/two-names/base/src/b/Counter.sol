// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Counter (b)
/// @notice A counter that keeps every earlier value, so any number of changes can be taken back.
contract Counter {
    error NothingToUndo();

    uint256 public number;

    uint256[] private history;

    function setNumber(uint256 newNumber) public {
        history.push(number);
        number = newNumber;
    }

    function increment() public {
        history.push(number);
        number++;
    }

    function undo() public {
        if (history.length == 0) revert NothingToUndo();
        number = history[history.length - 1];
        history.pop();
    }

    function depth() external view returns (uint256) {
        return history.length;
    }
}

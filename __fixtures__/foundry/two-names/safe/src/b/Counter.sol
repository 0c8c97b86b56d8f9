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

    /// @notice Takes back the last `steps` changes.
    function undo(uint256 steps) public {
        if (steps == 0 || steps > history.length) revert NothingToUndo();
        for (; steps > 1; --steps) history.pop();
        number = history[history.length - 1];
        history.pop();
    }

    function depth() external view returns (uint256) {
        return history.length;
    }
}

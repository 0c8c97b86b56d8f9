// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Counter (a)
/// @notice A counter that can take back its last change.
contract Counter {
    error NothingToUndo();

    uint256 public number;

    uint256 private previous;
    bool private canUndo;

    function setNumber(uint256 newNumber) public {
        _remember();
        number = newNumber;
    }

    function increment() public {
        _remember();
        number++;
    }

    function undo() public {
        if (!canUndo) revert NothingToUndo();
        number = previous;
        canUndo = false;
    }

    function _remember() private {
        previous = number;
        canUndo = true;
    }
}

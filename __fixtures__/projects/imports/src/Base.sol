// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Reached through a relative import.
abstract contract Base {
    uint256 public total;

    function _add(uint256 amount) internal virtual {
        total += amount;
    }
}

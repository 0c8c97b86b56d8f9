// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An external library function: callers' bytecode holds a link placeholder for its address.
library Fees {
    function fee(uint256 amount) public pure returns (uint256) {
        return amount / 100;
    }
}

/// Needs Fees linked, and has an immutable filled in at deployment.
contract Linked {
    uint256 public immutable createdAt = block.timestamp;
    uint256 public collected;

    function charge(uint256 amount) external {
        collected += Fees.fee(amount);
    }
}

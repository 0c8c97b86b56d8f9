// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

contract C {
    function fromA() external pure returns (uint256) {
        return 1;
    }
}

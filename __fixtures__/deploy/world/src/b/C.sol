// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

contract C {
    function fromB() external pure returns (uint256) {
        return 2;
    }
}

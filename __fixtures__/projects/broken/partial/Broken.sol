// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Broken {
    function label() external pure returns (uint256) {
        return "not a number";
    }
}

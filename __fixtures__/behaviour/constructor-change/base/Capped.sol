// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A deposit box with a fixed cap. The pull request makes the cap a constructor parameter.
contract Capped {
    uint256 public constant CAP = 1000;
    mapping(address => uint256) public deposits;

    function deposit(uint256 amount) external {
        require(deposits[msg.sender] + amount <= CAP, "over cap");
        deposits[msg.sender] += amount;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The pull request's version: the cap comes from the constructor (see base/Capped.sol).
contract Capped {
    uint256 public immutable cap;
    mapping(address => uint256) public deposits;

    constructor(uint256 cap_) {
        cap = cap_;
    }

    function deposit(uint256 amount) external {
        require(deposits[msg.sender] + amount <= cap, "over cap");
        deposits[msg.sender] += amount;
    }
}

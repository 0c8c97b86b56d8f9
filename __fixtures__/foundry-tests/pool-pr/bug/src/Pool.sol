// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Token} from "./Token.sol";

/// Holds deposits of one token; `totalDeposits` is what it owes its depositors.
contract Pool {
    Token public immutable asset;
    uint256 public totalDeposits;
    mapping(address => uint256) public balanceOf;

    constructor(Token asset_) {
        asset = asset_;
    }

    function deposit(uint256 amount) external {
        require(amount > 0, "zero deposit");
        balanceOf[msg.sender] += amount;
        totalDeposits += amount;
        asset.transferFrom(msg.sender, address(this), amount);
    }

    function withdraw(uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "balance");
        balanceOf[msg.sender] -= amount;
        totalDeposits -= amount;
        asset.transfer(msg.sender, amount);
    }

    /// Withdraws everything the caller deposited.
    function exit() external {
        uint256 amount = balanceOf[msg.sender];
        balanceOf[msg.sender] = 0;
        asset.transfer(msg.sender, amount);
    }
}

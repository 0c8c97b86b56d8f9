// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal token: the deployer holds the supply and anyone moves what they hold.
contract BatchToken {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 amount);

    error InsufficientBalance(uint256 balance, uint256 needed);

    constructor() {
        balanceOf[msg.sender] = 1_000_000;
        totalSupply = 1_000_000;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        uint256 balance = balanceOf[msg.sender];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        balanceOf[msg.sender] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(msg.sender, to, amount);
        return true;
    }
}

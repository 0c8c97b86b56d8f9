// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The same token with batched transfers: `transfer` keeps its behaviour, through `_move`.
contract BatchToken {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 amount);

    error InsufficientBalance(uint256 balance, uint256 needed);
    error LengthMismatch();

    constructor() {
        balanceOf[msg.sender] = 1_000_000;
        totalSupply = 1_000_000;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function transferBatch(address[] calldata to, uint256[] calldata amounts) external returns (bool) {
        if (to.length != amounts.length) revert LengthMismatch();
        for (uint256 i = 0; i < to.length; i++) _move(msg.sender, to[i], amounts[i]);
        return true;
    }

    function _move(address from, address to, uint256 amount) internal {
        uint256 balance = balanceOf[from];
        if (balance < amount) revert InsufficientBalance(balance, amount);
        balanceOf[from] = balance - amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

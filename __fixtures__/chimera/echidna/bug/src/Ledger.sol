// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The PR: move() reads both balances before writing either, so moving to oneself mints `amount`.
contract Ledger {
    mapping(address => uint256) public balanceOf;
    uint256 public total;

    function credit(address to, uint256 amount) external {
        balanceOf[to] += amount;
        total += amount;
    }

    function move(address from, address to, uint256 amount) external {
        uint256 fromBalance = balanceOf[from];
        uint256 toBalance = balanceOf[to];
        require(fromBalance >= amount, "short");
        balanceOf[from] = fromBalance - amount;
        balanceOf[to] = toBalance + amount;
    }
}

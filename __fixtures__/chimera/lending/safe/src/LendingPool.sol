// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The safe twin of bug/: the same rewrite of withdraw(), keeping the deposit at twice the debt.
contract LendingPool {
    mapping(address => uint256) public deposits;
    mapping(address => uint256) public debts;
    uint256 public totalDeposits;
    uint256 public totalDebt;

    function deposit(uint256 amount) external {
        deposits[msg.sender] += amount;
        totalDeposits += amount;
    }

    function borrow(uint256 amount) external {
        require((debts[msg.sender] + amount) * 2 <= deposits[msg.sender], "undercollateralised");
        debts[msg.sender] += amount;
        totalDebt += amount;
    }

    function repay(uint256 amount) external {
        require(amount <= debts[msg.sender], "more than owed");
        debts[msg.sender] -= amount;
        totalDebt -= amount;
    }

    function withdraw(uint256 amount) external {
        require(amount <= deposits[msg.sender], "more than deposited");
        uint256 remaining = deposits[msg.sender] - amount;
        require(remaining >= debts[msg.sender] * 2, "collateral");
        deposits[msg.sender] = remaining;
        totalDeposits -= amount;
    }
}

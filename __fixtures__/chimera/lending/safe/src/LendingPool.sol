// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// The safe twin of bug/: the same loan-to-value rewrite of borrow()'s check, in basis points of 10_000.
contract LendingPool {
    /// Half of a deposit may be borrowed against it.
    uint256 public constant LOAN_TO_VALUE_BPS = 5_000;
    mapping(address => uint256) public deposits;
    mapping(address => uint256) public debts;
    uint256 public totalDeposits;
    uint256 public totalDebt;

    function deposit(uint256 amount) external {
        deposits[msg.sender] += amount;
        totalDeposits += amount;
    }

    function borrow(uint256 amount) external {
        require(debts[msg.sender] + amount <= (deposits[msg.sender] * LOAN_TO_VALUE_BPS) / 10_000, "undercollateralised");
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
        require(deposits[msg.sender] - amount >= debts[msg.sender] * 2, "collateral");
        deposits[msg.sender] -= amount;
        totalDeposits -= amount;
    }
}

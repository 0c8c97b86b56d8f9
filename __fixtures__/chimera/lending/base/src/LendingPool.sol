// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// A lending pool's books: a depositor may borrow up to half of what it deposited, and may withdraw
/// only what keeps its deposit at twice its debt.
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
        require(deposits[msg.sender] - amount >= debts[msg.sender] * 2, "collateral");
        deposits[msg.sender] -= amount;
        totalDeposits -= amount;
    }
}

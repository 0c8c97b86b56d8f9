// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Balances whose sum is `total`: credit() adds to both, move() only moves between holders.
contract Ledger {
    mapping(address => uint256) public balanceOf;
    uint256 public total;

    function credit(address to, uint256 amount) external {
        balanceOf[to] += amount;
        total += amount;
    }

    function move(address from, address to, uint256 amount) external {
        require(balanceOf[from] >= amount, "short");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

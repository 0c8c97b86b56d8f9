// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Deposits with a withdrawal fee. The head revision reorders and packs these variables
/// (a storage-layout change) and keeps every caller-observable behaviour.
contract Ledger {
    uint256 public totalDeposits;
    address public owner;
    mapping(address => uint256) public balances;
    bool public paused;
    uint64 public lastActivity;
    uint32 public feeBps;

    event Deposited(address indexed who, uint256 amount);
    event Withdrawn(address indexed who, uint256 amount, uint256 fee);

    error Paused();
    error Insufficient(uint256 available, uint256 wanted);

    constructor() {
        owner = msg.sender;
        feeBps = 30;
    }

    function deposit() external payable {
        if (paused) revert Paused();
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
        lastActivity = uint64(block.timestamp);
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external {
        if (paused) revert Paused();
        uint256 available = balances[msg.sender];
        if (amount > available) revert Insufficient(available, amount);
        balances[msg.sender] = available - amount;
        totalDeposits -= amount;
        uint256 fee = (amount * feeBps) / 10_000;
        lastActivity = uint64(block.timestamp);
        payable(msg.sender).transfer(amount - fee);
        emit Withdrawn(msg.sender, amount, fee);
    }

    function setPaused(bool value) external {
        require(msg.sender == owner, "not owner");
        paused = value;
    }

    function setFee(uint32 bps) external {
        require(msg.sender == owner, "not owner");
        require(bps <= 1000, "fee too high");
        feeBps = bps;
    }

    function quote(uint256 amount) external view returns (uint256 net, uint64 since) {
        return (amount - (amount * feeBps) / 10_000, lastActivity);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Deposits with a withdrawal fee. Refactor of the base: owner, paused, lastActivity and feeBps
/// share one slot, totalDeposits and balances move; the fee is computed in one helper.
contract Ledger {
    address public owner;
    bool public paused;
    uint64 public lastActivity;
    uint32 public feeBps;
    mapping(address => uint256) public balances;
    uint256 public totalDeposits;

    event Deposited(address indexed who, uint256 amount);
    event Withdrawn(address indexed who, uint256 amount, uint256 fee);

    error Paused();
    error Insufficient(uint256 available, uint256 wanted);

    modifier whenActive() {
        if (paused) revert Paused();
        _;
        lastActivity = uint64(block.timestamp);
    }

    modifier onlyOwner() {
        require(msg.sender == owner, "not owner");
        _;
    }

    constructor() {
        owner = msg.sender;
        feeBps = 30;
    }

    function deposit() external payable whenActive {
        balances[msg.sender] += msg.value;
        totalDeposits += msg.value;
        emit Deposited(msg.sender, msg.value);
    }

    function withdraw(uint256 amount) external whenActive {
        uint256 available = balances[msg.sender];
        if (amount > available) revert Insufficient(available, amount);
        balances[msg.sender] = available - amount;
        totalDeposits -= amount;
        uint256 fee = _fee(amount);
        payable(msg.sender).transfer(amount - fee);
        emit Withdrawn(msg.sender, amount, fee);
    }

    function setPaused(bool value) external onlyOwner {
        paused = value;
    }

    function setFee(uint32 bps) external onlyOwner {
        require(bps <= 1000, "fee too high");
        feeBps = bps;
    }

    function quote(uint256 amount) external view returns (uint256 net, uint64 since) {
        return (amount - _fee(amount), lastActivity);
    }

    function _fee(uint256 amount) private view returns (uint256) {
        return (amount * feeBps) / 10_000;
    }
}

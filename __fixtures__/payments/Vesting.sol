// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe: a vesting wallet. The deployer names the beneficiary when it deploys it; ether sent to it
// vests linearly over the duration, and release() (by anyone) pays the beneficiary what has vested.
// The beneficiary is paid what the deployer and the other senders gave: no leak.
contract Vesting {
    address public immutable beneficiary;
    uint256 public immutable start;
    uint256 public immutable duration;
    uint256 public released;

    constructor(address beneficiaryAddress, uint64 durationSeconds) payable {
        require(beneficiaryAddress != address(0), "no beneficiary");
        beneficiary = beneficiaryAddress;
        start = block.timestamp;
        duration = durationSeconds;
    }

    receive() external payable {}

    function vested(uint256 timestamp) public view returns (uint256) {
        uint256 total = address(this).balance + released;
        if (timestamp < start) return 0;
        if (duration == 0 || timestamp >= start + duration) return total;
        return (total * (timestamp - start)) / duration;
    }

    function release() external {
        uint256 amount = vested(block.timestamp) - released;
        released += amount;
        (bool sent, ) = beneficiary.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of ReentrantBank.sol: withdraw() still pays before it zeroes the deposit, but a
// re-entrancy guard makes the re-entrant withdraw() revert, so re-entering changes nothing.
contract GuardedBank {
    mapping(address => uint256) public deposits;
    bool private locked;

    modifier nonReentrant() {
        require(!locked, "re-entered");
        locked = true;
        _;
        locked = false;
    }

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw() external nonReentrant {
        uint256 amount = deposits[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
        deposits[msg.sender] = 0;
    }
}

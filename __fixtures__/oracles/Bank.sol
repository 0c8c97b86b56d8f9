// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of LeakyBank.sol: a sender withdraws only what it deposited.
contract Bank {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(amount <= address(this).balance, "bank is short");
        require(deposits[msg.sender] >= amount, "not your ether");
        unchecked {
            deposits[msg.sender] -= amount;
        }
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (ether-leak): withdraw() subtracts in an unchecked block without checking the caller's balance,
// so a sender who deposited nothing withdraws what others deposited. 2 transactions: a deposit (by
// anyone, the deployer included), then withdraw(amount) from another non-deployer sender with
// 0 < amount <= the bank's balance.
// Safe twin: Bank.sol (withdraw requires the caller's own deposit).
contract LeakyBank {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw(uint256 amount) external {
        require(amount <= address(this).balance, "bank is short");
        unchecked {
            deposits[msg.sender] -= amount;
        }
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (reentrancy): withdraw() pays before it zeroes the caller's deposit, so a contract that
// re-enters withdraw() from the payment is paid its deposit twice, out of other depositors' ether.
// 3 transactions: a deposit from a sender; through the attacker, deposit() with at most that much;
// through the attacker, withdraw() re-entering withdraw() from the payment. The same calls made one
// after the other pay the attacker its deposit once.
// Safe twin: GuardedBank.sol (the same withdraw() behind a re-entrancy guard); Bank.sol
// (checks-effects-interactions) is silent too.
contract ReentrantBank {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = deposits[msg.sender];
        require(amount > 0, "nothing to withdraw");
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
        deposits[msg.sender] = 0;
    }
}

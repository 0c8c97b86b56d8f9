// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (ether-leak, a drained deposit): claim(amount) checks the contract's balance instead of what
// the caller is owed, so a sender nobody paid takes out what was paid for someone else.
// 2 transactions: pay{value}(payee) (by anyone), then claim(amount) by a sender that is neither the
// payer nor the payee, with 0 < amount <= the balance.
// Safe twin: PullPayment.sol.
contract PullPaymentOverdraw {
    mapping(address => uint256) public owed;

    function pay(address payee) external payable {
        owed[payee] += msg.value;
    }

    function claim(uint256 amount) external {
        require(amount <= address(this).balance, "not enough ether");
        unchecked {
            owed[msg.sender] -= amount;
        }
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

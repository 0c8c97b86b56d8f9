// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (reentrancy): PaymentSplitter.sol whose release() pays before it books the payment, so a payee
// that re-enters release() from the payment is paid again, out of the other payees' ether (their
// shares of what the splitter still holds). Only a payee named in the constructor can be paid: Lookout
// deploys it with the senders and its attacker as payees. 1 transaction once the splitter holds ether
// (funded at deployment): through the attacker, release(attacker) re-entering release(attacker). The
// same calls made one after the other pay the attacker its share once (the second is due nothing).
// Safe twin: PaymentSplitter.sol (books first).
contract PaymentSplitterReentrant {
    uint256 public totalShares;
    uint256 public totalReleased;
    mapping(address => uint256) public shares;
    mapping(address => uint256) public released;
    address[] public payees;

    constructor(address[] memory payees_, uint256[] memory shares_) payable {
        require(payees_.length == shares_.length, "payees and shares length mismatch");
        require(payees_.length > 0, "no payees");
        for (uint256 i = 0; i < payees_.length; i++) {
            require(payees_[i] != address(0), "account is the zero address");
            require(shares_[i] > 0, "shares are 0");
            require(shares[payees_[i]] == 0, "account already has shares");
            payees.push(payees_[i]);
            shares[payees_[i]] = shares_[i];
            totalShares += shares_[i];
        }
    }

    receive() external payable {}

    function releasable(address account) public view returns (uint256) {
        uint256 totalReceived = address(this).balance + totalReleased;
        return (totalReceived * shares[account]) / totalShares - released[account];
    }

    function release(address payable account) external {
        require(shares[account] > 0, "account has no shares");
        uint256 payment = releasable(account);
        require(payment != 0, "account is not due payment");
        (bool sent, ) = account.call{value: payment}("");
        require(sent, "unable to send value");
        released[account] += payment;
        totalReleased += payment;
    }
}

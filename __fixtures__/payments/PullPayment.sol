// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe: the pull-payment pattern. Anyone credits ether to a payee with pay{value}(payee); the payee
// takes out what it is owed with claim(). A payee that claims what another sender (the deployer
// included) paid for it got ether given to it: no leak.
// Bug twin: PullPaymentOverdraw.sol.
contract PullPayment {
    mapping(address => uint256) public owed;

    function pay(address payee) external payable {
        owed[payee] += msg.value;
    }

    function claim() external {
        uint256 amount = owed[msg.sender];
        owed[msg.sender] = 0;
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

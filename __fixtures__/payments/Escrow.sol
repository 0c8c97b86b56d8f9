// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe: an escrow. A payer opens a deal for a payee with the ether in it; only the payer releases it
// (to the payee) or takes it back. The payee is paid what the payer gave it: no leak.
contract Escrow {
    struct Deal {
        address payer;
        address payee;
        uint256 amount;
    }

    mapping(uint256 => Deal) public deals;
    uint256 public dealCount;

    function open(address payee) external payable returns (uint256 id) {
        id = dealCount++;
        deals[id] = Deal(msg.sender, payee, msg.value);
    }

    function release(uint256 id) external {
        _close(id, deals[id].payee);
    }

    function cancel(uint256 id) external {
        _close(id, msg.sender);
    }

    function _close(uint256 id, address to) private {
        Deal storage deal = deals[id];
        require(msg.sender == deal.payer, "payer only");
        uint256 amount = deal.amount;
        deal.amount = 0;
        (bool sent, ) = to.call{value: amount}("");
        require(sent, "transfer failed");
    }
}

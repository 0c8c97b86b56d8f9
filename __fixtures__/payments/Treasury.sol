// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe: a treasury anyone pays into (plain ether or deposit()) and its owner (the deployer) sweeps to whom it chooses. An owner
// paying a sender out is by design: no leak. Ownership moves in two steps, accepted by the new owner.
// Bug twin: TreasuryTakeover.sol.
contract Treasury {
    address public owner;
    address public pendingOwner;

    constructor() payable {
        owner = msg.sender;
    }

    receive() external payable {}

    function deposit() external payable {}

    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "owner only");
        pendingOwner = newOwner;
    }

    function acceptOwnership() external {
        require(msg.sender == pendingOwner, "not the pending owner");
        owner = msg.sender;
        pendingOwner = address(0);
    }

    function sweep(address to) external {
        require(msg.sender == owner, "owner only");
        (bool sent, ) = to.call{value: address(this).balance}("");
        require(sent, "transfer failed");
    }
}

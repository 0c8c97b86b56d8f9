// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (ether-leak, a takeover then a sweep): acceptOwnership() lost its pending-owner check, so any
// sender makes itself the owner and sweeps what the others paid in. 2 transactions from a funded
// treasury (the deployer pays in first, as into any contract that takes plain ether): acceptOwnership()
// and sweep(to) by another sender, `to` not the deployer.
// Safe twin: Treasury.sol.
contract TreasuryTakeover {
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
        owner = msg.sender;
        pendingOwner = address(0);
    }

    function sweep(address to) external {
        require(msg.sender == owner, "owner only");
        (bool sent, ) = to.call{value: address(this).balance}("");
        require(sent, "transfer failed");
    }
}

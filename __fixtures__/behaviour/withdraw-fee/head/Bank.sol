// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The pull request's version: see base/Bank.sol.
contract Bank {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = deposits[msg.sender];
        deposits[msg.sender] = 0;
        uint256 fee = amount / 1000;
        (bool ok, ) = msg.sender.call{value: amount - fee}("");
        require(ok, "transfer failed");
    }
}

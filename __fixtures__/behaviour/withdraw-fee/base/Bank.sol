// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Ether deposits; a withdrawal pays out the deposit less a fee that stays in the bank. Head lowers
/// the fee from 1% to 0.1%: the same call, returning nothing and emitting nothing on both, moves other
/// ether. Sequence: alice `deposit()` 1 ether, alice `withdraw()`: base pays her 0.99 ether, head 0.999.
contract Bank {
    mapping(address => uint256) public deposits;

    function deposit() external payable {
        deposits[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = deposits[msg.sender];
        deposits[msg.sender] = 0;
        uint256 fee = amount / 100;
        (bool ok, ) = msg.sender.call{value: amount - fee}("");
        require(ok, "transfer failed");
    }
}

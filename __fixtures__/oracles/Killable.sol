// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (unprotected-selfdestruct): close() lacks the owner check, so any sender sweeps the contract's
// ether and destroys it. 1 transaction: close() from a non-deployer sender.
// Safe twin: KillableSafe.sol (close() is owner-only).
contract Killable {
    address public owner = msg.sender;
    uint256 public counter;

    function bump() external {
        counter++;
    }

    function close() external {
        selfdestruct(payable(msg.sender));
    }
}

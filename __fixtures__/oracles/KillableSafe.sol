// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Killable.sol: only the deployer can close it.
contract KillableSafe {
    address public owner = msg.sender;
    uint256 public counter;

    function bump() external {
        counter++;
    }

    function close() external {
        require(msg.sender == owner, "not owner");
        selfdestruct(payable(msg.sender));
    }
}

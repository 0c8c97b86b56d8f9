// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug (controlled-delegatecall): execute() delegatecalls to whatever address the caller passes, so a
// caller runs its own code with the forwarder's storage and ether. 1 transaction: execute(target, data)
// from a non-deployer sender with a non-zero target that is not one of the deployed contracts.
// Safe twin: ForwarderSafe.sol (execute is owner-only).
contract Forwarder {
    address public owner = msg.sender;
    uint256 public calls;

    function execute(address target, bytes calldata data) external returns (bytes memory) {
        calls++;
        (bool ok, bytes memory result) = target.delegatecall(data);
        require(ok, "call failed");
        return result;
    }
}

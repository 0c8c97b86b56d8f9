// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Forwarder.sol: only the deployer chooses where to delegate.
contract ForwarderSafe {
    address public owner = msg.sender;
    uint256 public calls;

    function execute(address target, bytes calldata data) external returns (bytes memory) {
        require(msg.sender == owner, "not owner");
        calls++;
        (bool ok, bytes memory result) = target.delegatecall(data);
        require(ok, "call failed");
        return result;
    }
}

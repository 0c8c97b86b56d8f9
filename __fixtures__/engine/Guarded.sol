// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: armEmergency() forgets its owner check. The property property_only_owner_executes_emergency
// breaks after 2 transactions from the same non-deployer sender: armEmergency(), then
// executeEmergency(). The deployer alone cannot break it.
// Safe twin: GuardedSafe.sol (armEmergency() is owner-only).
contract Guarded {
    address public immutable owner;
    address public emergencyCaller;
    bool public emergencyArmed;
    address public lastExecutor;

    constructor() {
        owner = msg.sender;
    }

    receive() external payable {}

    function armEmergency() external {
        emergencyArmed = true;
        emergencyCaller = msg.sender;
    }

    function executeEmergency() external {
        require(emergencyArmed, "not armed");
        require(msg.sender == emergencyCaller, "not the caller who armed");
        emergencyArmed = false;
        lastExecutor = msg.sender;
        (bool ok, ) = payable(msg.sender).call{value: address(this).balance}("");
        require(ok, "payout failed");
    }

    function property_only_owner_executes_emergency() external view returns (bool) {
        return lastExecutor == address(0) || lastExecutor == owner;
    }
}

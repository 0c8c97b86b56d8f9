// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Guarded.sol: armEmergency() is owner-only, so only the owner can be the caller who
// armed, and property_only_owner_executes_emergency holds after any sequence.
contract GuardedSafe {
    address public immutable owner;
    address public emergencyCaller;
    bool public emergencyArmed;
    address public lastExecutor;

    constructor() {
        owner = msg.sender;
    }

    receive() external payable {}

    function armEmergency() external {
        require(msg.sender == owner, "only owner");
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

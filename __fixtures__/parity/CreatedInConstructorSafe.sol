// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of CreatedInConstructor.sol: only the registry that created the ledger may wipe it.
contract GuardedLedger {
    address private immutable creator = msg.sender;
    bool public kept = true;

    function wipe() external {
        require(msg.sender == creator, "creator only");
        kept = false;
    }
}

contract SafeRegistry {
    GuardedLedger private immutable ledger;

    constructor() {
        ledger = new GuardedLedger();
    }

    function echidna_ledger_kept() external view returns (bool) {
        return ledger.kept();
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Echidna's `allContracts`: Registry creates its Ledger in the constructor, and the Ledger is fuzzed
/// with it. Bug: anyone may `wipe()` the ledger, breaking `echidna_ledger_kept` after 1 transaction,
/// `Ledger.wipe()` (fuzzing `Registry` alone, the ledger's address is known only from its creation).
/// Twin: CreatedInConstructorSafe.sol.
contract Ledger {
    bool public kept = true;

    function wipe() external {
        kept = false;
    }
}

contract Registry {
    Ledger private immutable ledger;

    constructor() {
        ledger = new Ledger();
    }

    function echidna_ledger_kept() external view returns (bool) {
        return ledger.kept();
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Ledger} from "../src/Ledger.sol";

/// A plain Echidna harness: the constructor deploys the ledger, the handlers are its own functions,
/// the property an `echidna_` bool. Run: echidna test/LedgerEchidna.sol --contract LedgerEchidna --config echidna.yaml
contract LedgerEchidna {
    address internal constant ALICE = address(0xA11CE);
    address internal constant BOB = address(0xB0B);
    Ledger internal ledger;

    constructor() {
        ledger = new Ledger();
        ledger.credit(ALICE, 1000);
    }

    function credit(bool toAlice, uint256 amount) public {
        ledger.credit(toAlice ? ALICE : BOB, amount % 1e24);
    }

    function move(bool fromAlice, bool toAlice, uint256 amount) public {
        ledger.move(fromAlice ? ALICE : BOB, toAlice ? ALICE : BOB, amount);
    }

    function echidna_books_balance() public view returns (bool) {
        return ledger.balanceOf(ALICE) + ledger.balanceOf(BOB) == ledger.total();
    }
}

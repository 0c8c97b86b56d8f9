// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Asserts} from "@chimera/Asserts.sol";
import {BeforeAfter} from "./BeforeAfter.sol";

abstract contract Properties is BeforeAfter, Asserts {
    /// Every debt is backed twice over by deposits.
    function invariant_solvent() public view returns (bool) {
        return pool.totalDebt() * 2 <= pool.totalDeposits();
    }

    function invariant_debtBelowDeposits() public view returns (bool) {
        return pool.totalDebt() <= pool.totalDeposits();
    }
}

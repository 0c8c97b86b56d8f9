// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Setup} from "./Setup.sol";

/// The pool's totals before each handler call (for its checks) and after it.
abstract contract BeforeAfter is Setup {
    struct Totals {
        uint256 deposits;
        uint256 debt;
    }

    Totals internal _before;
    Totals internal _after;

    modifier updateGhosts() {
        _before = Totals(pool.totalDeposits(), pool.totalDebt());
        _;
        _after = Totals(pool.totalDeposits(), pool.totalDebt());
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {Properties} from "./Properties.sol";

/// The handlers: every call to the pool goes through one, from the tester.
abstract contract TargetFunctions is Properties {
    function pool_deposit(uint256 amount) public updateGhosts {
        amount = between(amount, 1, 1e30);
        pool.deposit(amount);
        eq(pool.totalDeposits(), _before.deposits + amount, "deposit not counted");
    }

    /// Clamped to what the tester's deposit could ever back, as Chimera handlers clamp inputs to the useful range; the pool's own check decides.
    function pool_borrow(uint256 amount) public updateGhosts {
        amount = between(amount, 0, pool.deposits(address(this)) - pool.debts(address(this)));
        pool.borrow(amount);
        gte(pool.totalDebt(), _before.debt, "borrowing lowered the debt");
    }

    function pool_repay(uint256 amount) public updateGhosts {
        amount = between(amount, 0, pool.debts(address(this)));
        pool.repay(amount);
        lte(pool.totalDebt(), _before.debt, "repaying raised the debt");
    }

    function pool_withdraw(uint256 amount) public updateGhosts {
        amount = between(amount, 0, pool.deposits(address(this)));
        pool.withdraw(amount);
    }

    /// A debugging handler the config files filter out: were it called, every run would fail.
    function debug_fail() public {
        t(false, "filtered out by echidna.yaml and medusa.json");
    }
}

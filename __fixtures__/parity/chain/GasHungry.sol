// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Assumes a transaction never carries more than 5M gas: assertion failure (panic 0x01) in 1
/// transaction, `spend()`, at the default 12.5M gas limit; silent with `gas-limit = 5000000`
/// (small-gas.toml).
contract GasHungry {
    function spend() external view {
        assert(gasleft() <= 5_000_000);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A function that only ever runs out of gas is left out after a few calls, so the campaign spends
/// its budget on the others (Medusa's out-of-gas test): property failure (`echidna_untouched`
/// returns false) after 1 transaction, `set(0xbeef)`, beside `burn()`, whose loop never ends and
/// whose writes are undone. Run with chain/hog-gas.toml (a 1M gas limit keeps each burn short).
/// Twin: GasHogSafe.sol.
contract GasHog {
    uint256 private x;

    function burn() external {
        for (uint256 i = 1; true; i++) x = i;
    }

    function set(uint256 v) external {
        if (v == 0xbeef) x = 1;
    }

    function echidna_untouched() external view returns (bool) {
        return x == 0;
    }
}

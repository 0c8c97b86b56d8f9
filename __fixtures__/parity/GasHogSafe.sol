// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of GasHog.sol: `burn()` is the only function and its writes never stay (out of gas
/// undoes them); the campaign ends once it has left `burn` out, with nothing reported.
contract GasHogSafe {
    uint256 private x;

    function burn() external {
        for (uint256 i = 1; true; i++) x = i;
    }

    function echidna_untouched() external view returns (bool) {
        return x == 0;
    }
}

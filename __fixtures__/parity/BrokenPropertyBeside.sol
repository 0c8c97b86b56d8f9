// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Two bugs: `echidna_fresh` is false after any transaction (reported once, then no longer probed),
/// and beside it an assertion failure (panic 0x01) after 2 transactions, `arm(42)` then `fire()`,
/// which the campaign must still find. Twin: BrokenPropertyBesideSafe.sol.
contract BrokenPropertyBeside {
    uint256 public calls;
    bool public armed;

    function arm(uint256 code) external {
        calls++;
        if (code == 42) armed = true;
    }

    function fire() external {
        calls++;
        assert(!armed);
    }

    function echidna_fresh() external view returns (bool) {
        return calls == 0;
    }
}

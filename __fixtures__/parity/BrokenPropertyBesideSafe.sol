// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of BrokenPropertyBeside.sol: the property counts calls without bound and `fire()`
/// disarms instead of asserting.
contract BrokenPropertyBesideSafe {
    uint256 public calls;
    bool public armed;

    function arm(uint256 code) external {
        calls++;
        if (code == 42) armed = true;
    }

    function fire() external {
        calls++;
        armed = false;
    }

    function echidna_counted() external view returns (bool) {
        return calls >= 0;
    }
}

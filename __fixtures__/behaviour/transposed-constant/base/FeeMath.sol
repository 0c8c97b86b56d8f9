// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Pure fee arithmetic. Head "regenerates the constants" and transposes two digits of the fee
/// (2537 → 2573 parts per million): `protocolFee(1000000)` returns 2537 on base, 2573 on head.
contract FeeMath {
    uint256 internal constant FEE_PPM = 2537;
    uint256 internal constant PPM = 1_000_000;

    function protocolFee(uint256 amount) public pure returns (uint256) {
        return (amount * FEE_PPM) / PPM;
    }

    function version() external pure returns (string memory) {
        return "fees-1";
    }
}

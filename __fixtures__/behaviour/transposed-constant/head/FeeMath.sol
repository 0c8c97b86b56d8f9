// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The pull request's version: see base/FeeMath.sol.
contract FeeMath {
    uint256 internal constant FEE_PPM = 2573;
    uint256 internal constant PPM = 1_000_000;

    function protocolFee(uint256 amount) public pure returns (uint256) {
        return (amount * FEE_PPM) / PPM;
    }

    function version() external pure returns (string memory) {
        return "fees-1";
    }
}

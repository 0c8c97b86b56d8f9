// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

/// A fee schedule no test deploys: Lookout deploys it itself.
contract Fees {
    uint256 public feeBps = 30;

    function setFee(uint256 bps) external {
        require(bps <= 1_000, "fee too high");
        feeBps = bps;
    }

    function feeOn(uint256 amount) external view returns (uint256) {
        return (amount * feeBps) / 10_000;
    }
}

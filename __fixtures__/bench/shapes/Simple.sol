// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Throughput baseline (bench `shapes`): value arguments only, one property. No bug.
contract Simple {
    uint256 private x;
    address private who;

    function setX(uint256 value) external {
        x = value + 3;
    }

    function setWho(address value, bool flag) external {
        if (flag) who = value;
    }

    function echidna_never() external view returns (bool) {
        return !(x == 1 && who == address(1));
    }
}

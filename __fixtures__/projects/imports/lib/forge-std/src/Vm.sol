// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A tiny stand-in for forge-std's Vm, imported relatively from Test.sol.
interface Vm {
    function warp(uint256 timestamp) external;
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Lookout's stand-in for Chimera's assertion helpers: the same names and arguments, each fuzzer's
/// contract says what a failed check does.
abstract contract Asserts {
    function t(bool ok, string memory reason) internal virtual;

    function eq(uint256 a, uint256 b, string memory reason) internal virtual;

    function gte(uint256 a, uint256 b, string memory reason) internal virtual;

    function lte(uint256 a, uint256 b, string memory reason) internal virtual;

    /// `value` brought into [low, high], so that a handler's input is one the system accepts.
    function between(uint256 value, uint256 low, uint256 high) internal virtual returns (uint256);
}

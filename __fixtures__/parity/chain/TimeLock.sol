// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Needs a time jump: assertion failure (panic 0x01) after 2 transactions, `lock()` then, at least
/// 3 days later, `release()`. Found with the default delays; with `max-time-delay = 0`
/// (time-frozen.toml) time never moves and nothing fails.
contract TimeLock {
    uint256 public lockedAt;

    function lock() external {
        lockedAt = block.timestamp;
    }

    function release() external view {
        if (lockedAt != 0) assert(block.timestamp < lockedAt + 3 days);
    }
}

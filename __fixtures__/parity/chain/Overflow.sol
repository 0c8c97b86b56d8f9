// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Checked arithmetic overflow (Panic 0x11) in 1 transaction, `add(x)` with x > 2^255 - 1 twice or
/// one large x on a non-zero total: reported only when lookout.toml lists 0x11 (report-overflow.toml).
contract Overflow {
    uint256 public total = 1;

    function add(uint256 x) external {
        total += x;
    }
}

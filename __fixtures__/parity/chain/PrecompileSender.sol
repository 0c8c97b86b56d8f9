// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Trusts that no transaction comes from a precompile's address. With `senders` listing 0x1
/// (precompile-senders.toml, as Echidna's `sender` allows) it fails in 1 transaction: assertion
/// failure (panic 0x01) in `touch()`; with the default senders nothing fails.
contract PrecompileSender {
    function touch() external view {
        assert(msg.sender != address(1));
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A `string` argument that must hold bytes which are no valid UTF-8: `label` starting with the
/// UTF-16 byte-order mark 0xff 0xfe (neither byte occurs in UTF-8). Bug: the assertion fails after
/// 1 transaction, `tag(string(bytes(hex"fffe")))`. Twin: RawBytesStringSafe.sol.
contract RawBytesString {
    bytes2 private constant UTF16_MARK = hex"fffe";
    uint256 public tagged;

    function tag(string calldata label) external {
        bytes memory raw = bytes(label);
        if (raw.length >= 2 && raw[0] == UTF16_MARK[0] && raw[1] == UTF16_MARK[1]) assert(false);
        tagged++;
    }
}

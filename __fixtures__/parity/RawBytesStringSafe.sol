// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of RawBytesString.sol: a label starting with the UTF-16 byte-order mark is refused
/// with a revert, not an assertion.
contract RawBytesStringSafe {
    bytes2 private constant UTF16_MARK = hex"fffe";
    uint256 public tagged;

    function tag(string calldata label) external {
        bytes memory raw = bytes(label);
        require(raw.length < 2 || raw[0] != UTF16_MARK[0] || raw[1] != UTF16_MARK[1], "UTF-16 label");
        tagged++;
    }
}

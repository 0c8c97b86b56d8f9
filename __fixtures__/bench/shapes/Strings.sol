// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Throughput on string and bytes arguments (bench `shapes`): compared, hashed, stored. No bug.
contract Strings {
    bytes32 private last;
    uint256 private matched;

    function setName(string memory name) external {
        if (keccak256(bytes(name)) == keccak256("lookout")) matched++;
        last = keccak256(bytes(name));
    }

    function setData(bytes memory data, string memory tag) external {
        if (data.length > 0 && bytes(tag).length > 0 && data[0] == bytes(tag)[0]) matched++;
    }

    function echidna_never() external view returns (bool) {
        return matched < type(uint256).max;
    }
}

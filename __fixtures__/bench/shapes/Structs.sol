// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Throughput on struct arguments (bench `shapes`): nested structs with a string, stored. No bug.
contract Structs {
    struct Inner {
        uint256 y;
        bool b;
    }

    struct Item {
        uint256 x;
        uint256 y;
        string s;
        Inner i;
    }

    Item private item;

    function setItem(Item memory it) external {
        item = it;
    }

    function echidna_never() external view returns (bool) {
        // No string hashes to this constant: the property holds, the comparisons still run.
        return !(item.x == 10 && item.i.y == 80 && keccak256(bytes(item.s)) == bytes32(uint256(0xdead)));
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Throughput on block-hash reads (bench `shapes`): the last ten hashes read and stored per call. No bug.
contract Blockhash {
    mapping(uint256 => bytes32) private hashes;
    bool private broken;

    function record() external {
        for (uint256 i = 1; i <= 10 && i <= block.number; i++) {
            bytes32 h = blockhash(block.number - i);
            if (hashes[block.number - i] != bytes32(0) && hashes[block.number - i] != h) broken = true;
            hashes[block.number - i] = h;
        }
    }

    function echidna_continuous() external view returns (bool) {
        return !broken;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

/// Its constructor writes 1,600 storage slots, about 35 million gas: more than a deployment's 30 million.
/// Twin: the same contract with `gas-limit = 60000000` in lookout.toml deploys.
contract SlowConstructor {
    uint256[1600] public slots;

    constructor() {
        for (uint256 i = 0; i < 1600; i++) slots[i] = i + 1;
    }
}

/// Its constructor writes 1,200 slots (about 26.5 million gas), then deposits 30,000 bytes of code at
/// 200 gas a byte: the deposit runs out of gas, for code over the 24 KiB limit (which Lookout lifts).
/// Twin: the same contract with `gas-limit = 60000000` in lookout.toml deploys.
contract LargeCode {
    uint256[1200] public slots;

    constructor() {
        for (uint256 i = 0; i < 1200; i++) slots[i] = i + 1;
        assembly {
            return(0, 30000)
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of LongSequence.sol: the same five-step protocol, but step5 records completion
// instead of failing an assertion. Nothing to report.
contract LongSequenceSafe {
    uint256 public stage;
    bool public finished;
    uint256 public key = 0x5eed0000;

    function step1(uint256 x) external { advance(0, x, 0x1111); }
    function step2(uint256 x) external { advance(1, x, 0x2222); }
    function step3(uint256 x) external { advance(2, x, 0x3333); }
    function step4(uint256 x) external { advance(3, x, 0x4444); }

    function step5(uint256 x) external {
        advance(4, x, 0x5555);
        finished = true;
    }

    function advance(uint256 expected, uint256 x, uint256 offset) private {
        require(stage == expected, "wrong stage");
        require(x + offset == key, "wrong key");
        key = uint32(uint256(keccak256(abi.encode(key, x)))) + 0x10000;
        stage = expected + 1;
    }
}

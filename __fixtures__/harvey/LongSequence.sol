// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A bug five transactions deep: step1..step5 must run in order, and each needs an argument x with
// x + OFFSET == key, where key is derived from the previous step's argument (a hash), so no needed
// argument is a constant of the code or of an earlier comparison. step5 then fails an assertion.
// Bug: step1(k0 - 0x1111), step2(k1 - 0x2222), ..., step5(k4 - 0x5555), with k0 = 0x5eed0000 and
// k_{i+1} = uint32(uint256(keccak256(abi.encode(k_i, x_i)))) + 0x10000.
// Safe twin: LongSequenceSafe.sol (step5 records completion instead of failing).
contract LongSequence {
    uint256 public stage;
    uint256 public key = 0x5eed0000;

    function step1(uint256 x) external { advance(0, x, 0x1111); }
    function step2(uint256 x) external { advance(1, x, 0x2222); }
    function step3(uint256 x) external { advance(2, x, 0x3333); }
    function step4(uint256 x) external { advance(3, x, 0x4444); }

    function step5(uint256 x) external {
        advance(4, x, 0x5555);
        assert(false);
    }

    function advance(uint256 expected, uint256 x, uint256 offset) private {
        require(stage == expected, "wrong stage");
        require(x + offset == key, "wrong key");
        key = uint32(uint256(keccak256(abi.encode(key, x)))) + 0x10000;
        stage = expected + 1;
    }
}

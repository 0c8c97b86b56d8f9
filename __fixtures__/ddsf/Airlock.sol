// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// LongSequence-style: four transactions in order, each with an argument that matches a nonce the
// previous step rehashed, in a different shape each time (a sum, a difference above the nonce, a
// doubling, a successor), so no needed argument is a code constant. enter() then fails an assertion.
// knock() writes a slot no step reads: a pooled transaction that sets up nothing.
// Bug: openOuter(n0 - 0x0a0a), pressurize(n1 + 0x77), openInner(n2 / 2), enter(n3 - 1), with
// n0 = 0x7a110000 and n_{i+1} = (uint32(uint256(keccak256(abi.encode(n_i, argument_i)))) << 1) + 0x20000.
// Safe twin: AirlockSafe.sol (enter records the entry instead of failing).
contract Airlock {
    uint256 public phase;
    uint256 private nonce = 0x7a110000;
    uint256 public knocks;

    function knock() external {
        knocks++;
    }

    function openOuter(uint256 code) external {
        require(phase == 0, "not idle");
        require(code + 0x0a0a == nonce, "outer code");
        advance(code);
    }

    function pressurize(uint256 level) external {
        require(phase == 1, "outer door open");
        require(level > nonce && level - nonce == 0x77, "pressure");
        advance(level);
    }

    function openInner(uint256 code) external {
        require(phase == 2, "not pressurized");
        require(code * 2 == nonce, "inner code");
        advance(code);
    }

    function enter(uint256 badge) external {
        require(phase == 3, "inner door closed");
        require(badge + 1 == nonce, "badge");
        assert(false);
    }

    function advance(uint256 argument) private {
        nonce = (uint256(uint32(uint256(keccak256(abi.encode(nonce, argument))))) << 1) + 0x20000;
        phase++;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Airlock.sol: the same four-step protocol, but enter records the entry instead of
// failing an assertion. Nothing to report.
contract AirlockSafe {
    uint256 public phase;
    uint256 private nonce = 0x7a110000;
    uint256 public knocks;
    bool public entered;

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
        entered = true;
    }

    function advance(uint256 argument) private {
        nonce = (uint256(uint32(uint256(keccak256(abi.encode(nonce, argument))))) << 1) + 0x20000;
        phase++;
    }
}

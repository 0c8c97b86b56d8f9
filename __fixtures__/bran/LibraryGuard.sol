// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Changed lines in an external library, which runs only when a contract that links it calls it:
// `lookout fuzz --targets` aims them through Clamped's campaign. The empty-prefix check of the
// library's own code (anyone may call it, with any calldata) proves DEAD_IN_LIBRARY unreachable
// (c < 10 after the modulo); LIVE_IN_LIBRARY runs on every call.
library Clamp {
    function clamp(uint256 v) public pure returns (uint256) {
        uint256 c = v % 10;
        if (c > 10) {
            return 0; // DEAD_IN_LIBRARY
        }
        return c + 1; // LIVE_IN_LIBRARY
    }
}

contract Clamped {
    uint256 public last;

    function set(uint256 v) external {
        last = Clamp.clamp(v);
    }
}

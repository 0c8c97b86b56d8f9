// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of StateMachine.sol: copy() keeps only the low 12 bits, so stored < 0x1000 and the
// assertion in check() cannot fail whatever the sequence.
contract StateMachineSafe {
    uint256 public input;
    uint256 public stored;
    uint256 public checks;

    function set(uint256 value) external {
        input = value;
    }

    function copy() external {
        stored = input & 0xfff;
    }

    function check() external {
        checks += 1;
        assert(stored != 0x1337);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: an assertion failure that needs 3 transactions in order: set(0x1337), then copy(), then
// check(). No single call can fail: the magic value has to travel input -> stored first.
// Safe twin: StateMachineSafe.sol (copy() masks the value, so stored can never be 0x1337).
contract StateMachine {
    uint256 public input;
    uint256 public stored;
    uint256 public checks;

    function set(uint256 value) external {
        input = value;
    }

    function copy() external {
        stored = input;
    }

    function check() external {
        checks += 1;
        assert(stored != 0x1337);
    }
}

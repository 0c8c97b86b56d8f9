// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Harvey Fig. 2-style: vent() fails an assertion when level == 759, a state only a sequence reaches:
// setSetpoint(759), commit(), vent(). nudge() moves level by tens and stops at 100, so it never gets
// there; setSetpoint also counts turns, a slot vent never reads. No single call can fail.
// Safe twin: ThermostatSafe.sol (setSetpoint refuses 759, so level never becomes 759).
contract Thermostat {
    uint256 private setpoint;
    uint256 private level;
    uint256 public turns;

    function setSetpoint(uint256 value) external {
        setpoint = value;
        turns++;
    }

    function commit() external {
        level = setpoint;
    }

    function nudge() external {
        if (level < 100) level += 10;
    }

    function vent() external returns (uint256) {
        if (level == 759) {
            assert(false);
        }
        uint256 was = level;
        level = 0;
        return was;
    }
}

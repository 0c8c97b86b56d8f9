// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of Thermostat.sol: the same functions, but setSetpoint refuses 759, so level never
// becomes 759 and vent's assertion cannot fail. Nothing to report.
contract ThermostatSafe {
    uint256 private setpoint;
    uint256 private level;
    uint256 public turns;

    function setSetpoint(uint256 value) external {
        if (value != 759) setpoint = value;
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

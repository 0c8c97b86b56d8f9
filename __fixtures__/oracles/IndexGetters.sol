// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IndexedRecords} from "./IndexedRecords.sol";

// Safe twin of IndexGettersViewLoop.sol and IndexGettersReplace.sol. Its getters getRoleMember(role, i)
// and checkpoints(account, pos) panic with 0x32 for any index past the end, as Solidity's getters do:
// nothing to report. totalValues() stops before the end; replace() requires an
// index below the length.
contract IndexGetters is IndexedRecords {
    function totalValues() external view returns (uint256 sum) {
        for (uint256 i = 0; i < values.length; i++) sum += values[i];
    }

    function replace(uint256 index, uint256 value) external {
        require(index < values.length, "no such value");
        values[index] = value;
    }
}

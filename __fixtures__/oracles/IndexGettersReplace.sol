// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IndexedRecords} from "./IndexedRecords.sol";

// Bug (panic 0x32): replace() requires index <= values.length, one too many, so replace(n, v) with n
// the length passes the check and writes past the end: replace(0, v) on no values fails. The index is
// the caller's argument, as a getter's is, but replace() changes state: its bounds are its own to
// check. Safe twin: IndexGetters.sol.
contract IndexGettersReplace is IndexedRecords {
    function totalValues() external view returns (uint256 sum) {
        for (uint256 i = 0; i < values.length; i++) sum += values[i];
    }

    function replace(uint256 index, uint256 value) external {
        require(index <= values.length, "no such value");
        values[index] = value;
    }
}

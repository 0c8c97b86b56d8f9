// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IndexedRecords} from "./IndexedRecords.sol";

// Bug (panic 0x32): totalValues() loops while i <= values.length, so it reads one value past the end
// whatever the caller passes (nothing): one call, totalValues(), fails. A view function's own loop
// running off the end is a bug even though the function only reads. Safe twin: IndexGetters.sol.
contract IndexGettersViewLoop is IndexedRecords {
    function totalValues() external view returns (uint256 sum) {
        for (uint256 i = 0; i <= values.length; i++) sum += values[i];
    }

    function replace(uint256 index, uint256 value) external {
        require(index < values.length, "no such value");
        values[index] = value;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Line-mapping fixture: loop headers, bounds checks, requires, constructor code, comments.
contract Loops {
    uint256[] public items;
    uint256 public total = 7;

    constructor() {
        items.push(1); // constructor-line
    }

    function sum(uint256 n) external view returns (uint256 s) {
        for (uint256 i = 0; i < n; i++) { // for-header
            s += items[i]; // array-read
        }
        /* a block comment
           spanning lines */
        unchecked { // unchecked-line
            s = s * 2;
        }
        // a line comment

    }

    function check(
        uint256 x, // param-line
        uint256 y
    ) external pure returns (uint256) {
        require(x > y, "low"); // require-line
        return x - y;
    }

    function unused() private pure returns (uint256) {
        return 42; // unused-body
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

/// External libraries (public functions): deployed and linked, one linking the other.
library Inner {
    function double(uint256 x) public pure returns (uint256) {
        return 2 * x;
    }
}

library Outer {
    function doublePlusOne(uint256 x) public pure returns (uint256) {
        return Inner.double(x) + 1;
    }
}

contract Calculator {
    function run(uint256 x) external pure returns (uint256) {
        return Outer.doublePlusOne(x);
    }
}

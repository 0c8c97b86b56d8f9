// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice `x * y / d` rounded down or up, for share conversions.
library FixedPointMath {
    function mulDivDown(uint256 x, uint256 y, uint256 d) internal pure returns (uint256) {
        return (x * y) / d;
    }

    function mulDivUp(uint256 x, uint256 y, uint256 d) internal pure returns (uint256) {
        uint256 product = x * y;
        // (product - 1) / d + 1 is the ceiling for every product > 0.
        return product == 0 ? 0 : (product - 1) / d + 1;
    }
}

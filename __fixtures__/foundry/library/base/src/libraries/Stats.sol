// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Stats
/// @notice Order statistics over small samples. Deployed once and linked: its functions are public.
library Stats {
    error EmptySample();

    /// @notice The median of `values`, which it sorts in place (callers pass a copy).
    function median(uint256[] memory values) public pure returns (uint256) {
        uint256 n = values.length;
        if (n == 0) revert EmptySample();
        sort(values);
        return values[n / 2];
    }

    /// @notice The arithmetic mean of `values`, rounded down.
    function mean(uint256[] memory values) public pure returns (uint256) {
        uint256 n = values.length;
        if (n == 0) revert EmptySample();
        uint256 sum;
        for (uint256 i; i < n; ++i) sum += values[i];
        return sum / n;
    }

    /// @notice Insertion sort, ascending: the samples here hold a handful of values.
    function sort(uint256[] memory values) internal pure {
        for (uint256 i = 1; i < values.length; ++i) {
            uint256 key = values[i];
            uint256 j = i;
            while (j > 0 && values[j - 1] > key) {
                values[j] = values[j - 1];
                --j;
            }
            values[j] = key;
        }
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Stats
/// @notice Order statistics over small samples. Deployed once and linked: its functions are public.
library Stats {
    error EmptySample();

    /// @notice The median of `values` (the mean of the two middle ones when their number is even),
    /// which it sorts in place (callers pass a copy).
    function median(uint256[] memory values) public pure returns (uint256) {
        uint256 n = values.length;
        if (n == 0) revert EmptySample();
        sort(values);
        uint256 mid = n / 2;
        if (n % 2 == 1) return values[mid];
        // Halve the gap rather than the sum, which could overflow.
        return values[mid - 1] + (values[mid] - values[mid - 1]) / 2;
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

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A value's history as (block, value) entries in block order, looked up by block with a binary
/// search over the entries (the recent ones first, as a token's lookups mostly ask for them).
library History {
    struct Entry {
        uint48 fromBlock;
        uint208 value;
    }

    struct Trace {
        Entry[] entries;
    }

    /// Records `value` from block `at`: overwrites the last entry when it is of the same block.
    function record(Trace storage trace, uint48 at, uint208 value) internal returns (uint208 previous, uint208 next) {
        uint256 count = trace.entries.length;
        if (count == 0) {
            trace.entries.push(Entry(at, value));
            return (0, value);
        }
        Entry storage last = trace.entries[count - 1];
        require(last.fromBlock <= at, "History: out of order");
        previous = last.value;
        if (last.fromBlock == at) last.value = value;
        else trace.entries.push(Entry(at, value));
        return (previous, value);
    }

    function latest(Trace storage trace) internal view returns (uint208) {
        uint256 count = trace.entries.length;
        return count == 0 ? 0 : trace.entries[count - 1].value;
    }

    function length(Trace storage trace) internal view returns (uint256) {
        return trace.entries.length;
    }

    /// The value in force at block `at`: the last entry from a block at or before it.
    function valueAt(Trace storage trace, uint48 at) internal view returns (uint208) {
        uint256 count = trace.entries.length;
        uint256 low = 0;
        uint256 high = count;
        // Most lookups are recent: narrow to the last √n entries first.
        if (count > 5) {
            uint256 mid = count - sqrt(count);
            if (at < trace.entries[mid].fromBlock) high = mid;
            else low = mid + 1;
        }
        uint256 position = upperBound(trace, at, low, high);
        return position == 0 ? 0 : trace.entries[position - 1].value;
    }

    /// The first position in [low, high) whose entry is from a block after `at` (high when none is).
    function upperBound(Trace storage trace, uint48 at, uint256 low, uint256 high) private view returns (uint256) {
        while (low < high) {
            uint256 mid = (low & high) + ((low ^ high) >> 1);
            if (trace.entries[mid].fromBlock >= at) high = mid;
            else low = mid + 1;
        }
        return high;
    }

    function sqrt(uint256 x) private pure returns (uint256 root) {
        root = x;
        uint256 next = (x + 1) / 2;
        while (next < root) {
            root = next;
            next = (x / next + next) / 2;
        }
    }
}

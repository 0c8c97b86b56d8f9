// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Counts calls, and the amounts added: an amount ending in 42 (mod 100) is not counted — the planted bug.
contract Tally {
    uint256 public total;
    uint256 public calls;

    function add(uint256 amount) external {
        calls += 1;
        if (amount % 100 != 42) total += 1;
    }
}

/// A suite with no forge-std and no `vm` in scope (as suites on ds-test's DSTest and an old
/// forge-std's InvariantTest are), its invariant `external`: forge fuzzes what setUp() deployed.
contract DSTestOnlyInvariantTest {
    bool public IS_TEST = true;
    Tally internal tally;

    function setUp() public {
        tally = new Tally();
    }

    function invariant_countsEveryCall() external view {
        require(tally.total() == tally.calls(), "a call went uncounted");
    }
}

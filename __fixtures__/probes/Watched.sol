// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Properties reading different things (a slot, the clock, a balance, another contract's slot),
/// and calls changing each or nothing: the executor's probe replay (`ProbeMemo`) must re-run a
/// property exactly when a call changed what it read. Not a bug fixture: every property holds.
contract Watched {
    uint256 public watched;
    uint256 public other;
    uint256 public deadline;
    Counter public counter = new Counter();

    function setWatched(uint256 v) external {
        watched = v;
    }

    function setOther(uint256 v) external {
        other = v;
    }

    /// Stores what the slot already holds.
    function rewrite() external {
        watched = watched;
    }

    function fail() external {
        watched += 1;
        revert("undone");
    }

    function setDeadline(uint256 v) external {
        deadline = v;
    }

    function deposit() external payable {}

    function bump() external {
        counter.bump();
    }

    function echidna_watched() external view returns (bool) {
        return watched != type(uint256).max;
    }

    function echidna_clock() external view returns (bool) {
        return deadline == 0 || block.timestamp < deadline + 365 days;
    }

    function echidna_funds() external view returns (bool) {
        return address(this).balance < 1e30;
    }

    function echidna_counted() external view returns (bool) {
        return counter.count() < type(uint256).max;
    }
}

contract Counter {
    uint256 public count;

    function bump() external {
        count++;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

/// Reverts with the first synthesised choice (start == end); another choice deploys.
contract Window {
    uint256 public start;
    uint256 public end;

    constructor(uint256 start_, uint256 end_) {
        require(end_ > start_, "empty window");
        start = start_;
        end = end_;
    }
}

/// Reverts for every choice.
contract Stubborn {
    constructor(uint256) {
        revert("never deploys");
    }
}

/// Payable: reverts without value.
contract Funded {
    constructor() payable {
        require(msg.value > 0, "fund me");
    }
}

/// Each needs the other deployed first.
contract Chicken {
    constructor(Egg) {}
}

contract Egg {
    constructor(Chicken) {}
}

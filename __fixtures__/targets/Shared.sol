// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Library, inheritance and interface fixture for target attribution.
library Fees {
    function cut(uint256 amount) internal pure returns (uint256) {
        return amount / 100; // library-line
    }
}

interface IPayer {
    function pay(uint256 amount) external; // interface-line
}

abstract contract Owned {
    address public owner;

    function setOwner(address next) public {
        owner = next; // base-line
    }
}

contract Shop is Owned {
    function price(uint256 amount) external pure returns (uint256) {
        return amount - Fees.cut(amount);
    }
}

contract Market {
    function tax(uint256 amount) external pure returns (uint256) {
        return Fees.cut(amount) * 2;
    }
}

contract Needy {
    uint256 public immutable seed;

    constructor(uint256 s) {
        seed = s;
    }
}

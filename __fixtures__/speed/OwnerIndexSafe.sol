// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Safe twin of OwnerIndex.sol: the same owner-only open(n) and claim(level, step), but claim
// requires level + step < tiers.length, so no index runs past the array.
contract OwnerIndexSafe {
    address public immutable owner;
    uint256[] private tiers;
    uint256 public opened;
    mapping(address => uint256) public claimed;

    constructor() {
        owner = msg.sender;
        tiers.push(100);
        tiers.push(250);
        tiers.push(400);
    }

    function open(uint256 levels) external {
        require(msg.sender == owner, "not owner");
        require(levels <= 8, "too many levels");
        opened = levels;
    }

    /** What claiming `rounds` times would pay: an input-dependent loop, as real contracts have. */
    function preview(uint256 level, uint256 rounds) external view returns (uint256 amount) {
        uint256 price = tiers[level % tiers.length];
        for (uint256 r = 0; r < rounds % 64; r++) {
            amount += price >> (r % 8);
        }
    }

    function claim(uint256 level, uint256 step) external returns (uint256) {
        require(level < opened, "level not open");
        require(step <= 4, "step too large");
        require(level + step < tiers.length, "no such tier");
        uint256 amount = tiers[level + step];
        claimed[msg.sender] += amount;
        return amount;
    }
}

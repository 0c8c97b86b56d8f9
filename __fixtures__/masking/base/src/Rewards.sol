// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Pre-existing bug: `addStake(tier, amount)` reads `rates[tier]` without checking the tier, so a tier
/// past the fourth fails `_rate` with an out-of-bounds panic (0x32) on the base already. `claim`
/// checks its tier before it reads the rate.
contract Rewards {
    uint256[4] public rates = [1, 2, 3, 5];
    mapping(address => uint256) public owed;
    mapping(address => uint256) public staked;

    function addStake(uint256 tier, uint256 amount) external {
        staked[msg.sender] += amount * _rate(tier);
    }

    function claim(uint256 tier, uint256 amount) external {
        require(tier < rates.length, "no such tier");
        owed[msg.sender] += (amount * _rate(tier)) / 100;
    }

    function _rate(uint256 tier) internal view returns (uint256) {
        return rates[tier];
    }
}

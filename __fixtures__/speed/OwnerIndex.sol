// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Bug: an out-of-bounds panic (0x32) in 2 transactions. The owner (the deployer) opens levels with
// open(n), n <= 8; then claim(level, step) with small arguments reads tiers[level + step], and
// nothing keeps level + step below tiers.length (3): open(1), claim(0, 3) (or open(4), claim(3, 0)).
// Shaped like the 2-transaction owner-then-call bug of issue 13, which a plain fuzzer finds in seconds;
// preview() adds an input-dependent loop beside it, as real contracts have.
// Safe twin: OwnerIndexSafe.sol (claim requires level + step < tiers.length).
contract OwnerIndex {
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
        uint256 amount = tiers[level + step];
        claimed[msg.sender] += amount;
        return amount;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";

/// A deadline set from the time setUp() sees: forge starts tests at block 1, timestamp 1, so a
/// test (or a reproducer) with hard-coded times holds only if Lookout starts there too.
contract Auction {
    uint256 public immutable endsAt;
    uint256 public immutable startBlock;

    constructor(uint256 duration) {
        endsAt = block.timestamp + duration;
        startBlock = block.number;
    }
}

contract ForgeStartTest is Test {
    Auction internal auction;

    function setUp() public {
        auction = new Auction(1 days);
    }

    function test_setUpSawForgeStart() public view {
        assertEq(auction.endsAt(), 1 + 1 days);
        assertEq(auction.startBlock(), 1);
        assertEq(block.timestamp, 1);
        assertEq(block.number, 1);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {PriceFeed} from "../src/PriceFeed.sol";
import {Stats} from "../src/libraries/Stats.sol";

contract PriceFeedTest is Test {
    PriceFeed internal feed;

    function setUp() public {
        feed = new PriceFeed();
    }

    function testMedianOfOddWindow() public {
        feed.report(30);
        feed.report(10);
        feed.report(20);
        assertEq(feed.medianPrice(), 20);
        assertEq(feed.meanPrice(), 20);
    }

    function testWindowKeepsTheLastFive() public {
        for (uint256 price = 1; price <= 7; ++price) feed.report(price * 100);
        assertEq(feed.count(), 5);
        assertEq(feed.medianPrice(), 500);
    }

    function testNoPriceBeforeTheFirstReport() public {
        vm.expectRevert(PriceFeed.NoPrice.selector);
        feed.medianPrice();
    }

    function testZeroPriceIsRefused() public {
        vm.expectRevert(PriceFeed.ZeroPrice.selector);
        feed.report(0);
    }

    function testMedianOfSingleValue() public pure {
        uint256[] memory values = new uint256[](1);
        values[0] = 7;
        assertEq(Stats.median(values), 7);
    }
}

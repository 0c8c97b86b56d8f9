// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {PriceFeed} from "../src/PriceFeed.sol";
import {MockConsumer} from "./mocks/MockConsumer.sol";

contract FeedConsumerTest is Test {
    PriceFeed internal feed;
    MockConsumer internal consumer;

    function setUp() public {
        feed = new PriceFeed();
        consumer = new MockConsumer(feed);
    }

    function testFirstPriceIsAccepted() public {
        assertTrue(consumer.accept(1_000));
        assertEq(consumer.lastPrice(), 1_000);
    }

    function testBreakerRejectsLargeMoves() public {
        consumer.accept(1_000);
        assertFalse(consumer.accept(1_100)); // 10% > 5%
        assertTrue(consumer.accept(1_040)); // 4%
        assertEq(consumer.lastPrice(), 1_040);
    }

    function testRefreshReadsTheFeed() public {
        feed.report(2_000);
        assertTrue(consumer.refresh());
        assertEq(consumer.lastPrice(), 2_000);
    }
}

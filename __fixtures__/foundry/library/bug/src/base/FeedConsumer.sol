// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IPriceFeed} from "../interfaces/IPriceFeed.sol";

/// @title FeedConsumer
/// @notice Inherit to read a PriceFeed behind a circuit breaker: a price further than
/// `maxDeviationBps()` from the last accepted one is rejected, not used.
abstract contract FeedConsumer {
    event PriceAccepted(uint256 price);
    event PriceRejected(uint256 price, uint256 lastPrice);

    IPriceFeed public immutable feed;

    uint256 public lastPrice;
    uint256 public lastUpdated;

    constructor(IPriceFeed _feed) {
        feed = _feed;
    }

    /// @notice The largest accepted move from the last accepted price, in basis points.
    function maxDeviationBps() public view virtual returns (uint256);

    /// @notice Pulls the feed's median and accepts it if it passes the breaker.
    function refresh() public returns (bool) {
        return _accept(feed.medianPrice());
    }

    function _accept(uint256 price) internal returns (bool) {
        assert(price != 0); // The feed refuses zero reports.
        uint256 last = lastPrice;
        if (last != 0 && _deviationBps(last, price) > maxDeviationBps()) {
            emit PriceRejected(price, last);
            return false;
        }
        lastPrice = price;
        lastUpdated = block.timestamp;
        emit PriceAccepted(price);
        return true;
    }

    function _deviationBps(uint256 from, uint256 to) internal pure returns (uint256) {
        uint256 diff = to > from ? to - from : from - to;
        return (diff * 10_000) / from;
    }
}

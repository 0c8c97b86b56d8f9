// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {FeedConsumer} from "../../src/base/FeedConsumer.sol";
import {IPriceFeed} from "../../src/interfaces/IPriceFeed.sol";

/// @notice The smallest FeedConsumer: a settable breaker, and the internal hook exposed for tests.
contract MockConsumer is FeedConsumer {
    uint256 public maxDeviation = 500;

    constructor(IPriceFeed _feed) FeedConsumer(_feed) {}

    function maxDeviationBps() public view override returns (uint256) {
        return maxDeviation;
    }

    function setMaxDeviation(uint256 bps) external {
        maxDeviation = bps;
    }

    function accept(uint256 price) external returns (bool) {
        return _accept(price);
    }
}

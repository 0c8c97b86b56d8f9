// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IPriceFeed} from "./interfaces/IPriceFeed.sol";
import {Stats} from "./libraries/Stats.sol";

/// @title PriceFeed
/// @notice Keeps the last WINDOW reported prices and serves their median and mean.
contract PriceFeed is IPriceFeed {
    uint256 public constant WINDOW = 5;

    event PriceReported(address indexed reporter, uint256 price);

    error ZeroPrice();
    error NoPrice();

    uint256[WINDOW] private recent;
    uint256 private cursor;

    /// @notice How many of the WINDOW slots hold a report.
    uint256 public count;

    function report(uint256 price) external {
        if (price == 0) revert ZeroPrice();
        recent[cursor] = price;
        cursor = (cursor + 1) % WINDOW;
        if (count < WINDOW) ++count;
        emit PriceReported(msg.sender, price);
    }

    function medianPrice() external view returns (uint256) {
        return Stats.median(_window());
    }

    function meanPrice() external view returns (uint256) {
        return Stats.mean(_window());
    }

    /// @dev The filled slots: the first `count` ones, since the cursor starts at 0.
    function _window() private view returns (uint256[] memory window) {
        uint256 n = count;
        if (n == 0) revert NoPrice();
        window = new uint256[](n);
        for (uint256 i; i < n; ++i) window[i] = recent[i];
    }
}

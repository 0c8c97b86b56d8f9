// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IPriceFeed {
    /// @notice The median of the most recent reports; reverts before the first report.
    function medianPrice() external view returns (uint256);

    /// @notice The mean of the most recent reports; reverts before the first report.
    function meanPrice() external view returns (uint256);
}

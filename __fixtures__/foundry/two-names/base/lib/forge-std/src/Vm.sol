// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0 <0.9.0;

/// A small stand-in for forge-std's Vm, written for Lookout's fixtures: the cheatcodes these
/// projects' tests and scripts use, with forge-std's signatures.
interface Vm {
    function prank(address msgSender) external;
    function startPrank(address msgSender) external;
    function stopPrank() external;
    function warp(uint256 newTimestamp) external;
    function label(address account, string calldata newLabel) external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function startBroadcast() external;
    function stopBroadcast() external;
}

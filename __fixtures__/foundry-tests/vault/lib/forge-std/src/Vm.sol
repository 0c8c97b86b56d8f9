// SPDX-License-Identifier: MIT
pragma solidity >=0.8.13 <0.9.0;

/// Lookout's own stand-in for forge-std's Vm: the cheatcodes its runner implements, with forge's
/// signatures (the selectors are what matter). Written for Lookout's fixtures, not copied.
interface Vm {
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    // Pranks
    function prank(address msgSender) external;
    function prank(address msgSender, address txOrigin) external;
    function startPrank(address msgSender) external;
    function startPrank(address msgSender, address txOrigin) external;
    function stopPrank() external;

    // Chain state and block environment
    function deal(address account, uint256 newBalance) external;
    function warp(uint256 newTimestamp) external;
    function roll(uint256 newHeight) external;
    function fee(uint256 newBasefee) external;
    function chainId(uint256 newChainId) external;
    function store(address target, bytes32 slot, bytes32 value) external;
    function load(address target, bytes32 slot) external view returns (bytes32 data);
    function etch(address target, bytes calldata newRuntimeBytecode) external;
    function getNonce(address account) external view returns (uint64 nonce);
    function setNonce(address account, uint64 newNonce) external;
    function label(address account, string calldata newLabel) external;
    function getLabel(address account) external view returns (string memory currentLabel);
    function assume(bool condition) external pure;
    function skip(bool skipTest) external;

    // Keys
    function addr(uint256 privateKey) external pure returns (address keyAddr);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);

    // Artifacts
    function getCode(string calldata artifactPath) external view returns (bytes memory creationBytecode);
    function getDeployedCode(string calldata artifactPath) external view returns (bytes memory runtimeBytecode);

    // Expectations
    function expectRevert() external;
    function expectRevert(bytes4 revertData) external;
    function expectRevert(bytes calldata revertData) external;
    function expectRevert(address reverter) external;
    function expectRevert(bytes calldata revertData, address reverter) external;
    function expectRevert(uint64 count) external;
    function expectRevert(bytes4 revertData, uint64 count) external;
    function expectPartialRevert(bytes4 revertData) external;
    function expectEmit() external;
    function expectEmit(address emitter) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;
    function expectCall(address callee, bytes calldata data) external;
    function expectCall(address callee, bytes calldata data, uint64 count) external;
    function expectCall(address callee, uint256 msgValue, bytes calldata data) external;
    function record() external;
    function accesses(address target) external returns (bytes32[] memory readSlots, bytes32[] memory writeSlots);
    function recordLogs() external;
    function getRecordedLogs() external returns (Log[] memory logs);

    // Mocked calls
    function mockCall(address callee, bytes calldata data, bytes calldata returnData) external;
    function mockCall(address callee, uint256 msgValue, bytes calldata data, bytes calldata returnData) external;
    function mockCallRevert(address callee, bytes calldata data, bytes calldata revertData) external;
    function mockCalls(address callee, bytes calldata data, bytes[] calldata returnData) external;
    function mockFunction(address callee, address target, bytes calldata data) external;
    function clearMockedCalls() external;

    // State snapshots (current names, then the deprecated ones)
    function snapshotState() external returns (uint256 snapshotId);
    function revertToState(uint256 snapshotId) external returns (bool success);
    function revertToStateAndDelete(uint256 snapshotId) external returns (bool success);
    function deleteStateSnapshot(uint256 snapshotId) external returns (bool success);
    function deleteStateSnapshots() external;
    function snapshot() external returns (uint256 snapshotId);
    function revertTo(uint256 snapshotId) external returns (bool success);
    function getBlockTimestamp() external view returns (uint256 timestamp);
    function getBlockNumber() external view returns (uint256 height);

    // Strings
    function toString(address value) external pure returns (string memory stringifiedValue);
    function toString(bytes32 value) external pure returns (string memory stringifiedValue);
    function toString(bool value) external pure returns (string memory stringifiedValue);
    function toString(uint256 value) external pure returns (string memory stringifiedValue);
    function toString(int256 value) external pure returns (string memory stringifiedValue);
    function parseUint(string calldata stringifiedValue) external pure returns (uint256 parsedValue);
    function parseInt(string calldata stringifiedValue) external pure returns (int256 parsedValue);
    function parseAddress(string calldata stringifiedValue) external pure returns (address parsedValue);
    function parseBool(string calldata stringifiedValue) external pure returns (bool parsedValue);
    function parseBytes32(string calldata stringifiedValue) external pure returns (bytes32 parsedValue);

    // Environment (Lookout runs tests without one: envOr gives the default)
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256 value);
    function envOr(string calldata name, address defaultValue) external view returns (address value);
    function envOr(string calldata name, bool defaultValue) external view returns (bool value);
    function envUint(string calldata name) external view returns (uint256 value);
    function makePersistent(address account) external;

    // Outside the EVM
    function createSelectFork(string calldata urlOrAlias) external returns (uint256 forkId);
    function readFile(string calldata path) external view returns (string memory data);

    // Assertions
    function assertTrue(bool condition) external pure;
    function assertTrue(bool condition, string calldata error) external pure;
    function assertFalse(bool condition) external pure;
    function assertEq(uint256 left, uint256 right) external pure;
    function assertEq(uint256 left, uint256 right, string calldata error) external pure;
    function assertEq(address left, address right) external pure;
    function assertEq(bool left, bool right) external pure;
    function assertEq(bytes32 left, bytes32 right) external pure;
    function assertEq(string calldata left, string calldata right) external pure;
    function assertEq(uint256[] calldata left, uint256[] calldata right) external pure;
    function assertNotEq(uint256 left, uint256 right) external pure;
    function assertGt(uint256 left, uint256 right) external pure;
    function assertGe(uint256 left, uint256 right) external pure;
    function assertGe(uint256 left, uint256 right, string calldata error) external pure;
    function assertLt(uint256 left, uint256 right) external pure;
    function assertLe(uint256 left, uint256 right) external pure;
    function assertLe(uint256 left, uint256 right, string calldata error) external pure;
    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta) external pure;
    function assertApproxEqRel(uint256 left, uint256 right, uint256 maxPercentDelta) external pure;
}

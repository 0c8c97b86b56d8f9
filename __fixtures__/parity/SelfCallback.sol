// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A `bytes` argument the contract calls itself with: `relay(data)` forwards calldata to itself, and
/// `release(uint256)` may only be called that way. Bug: `echidna_not_released` breaks after 1
/// transaction, `relay(abi.encodeCall(this.release, (x)))` with any x. Twin: SelfCallbackSafe.sol.
contract SelfCallback {
    bool public released;

    function release(uint256) external {
        require(msg.sender == address(this), "self only");
        released = true;
    }

    function relay(bytes calldata data) external {
        (bool ok, ) = address(this).call(data);
        ok;
    }

    function echidna_not_released() external view returns (bool) {
        return !released;
    }
}

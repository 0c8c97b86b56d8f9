// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Safe twin of SelfCallback.sol: `relay` refuses calldata that calls `release`.
contract SelfCallbackSafe {
    bool public released;

    function release(uint256) external {
        require(msg.sender == address(this), "self only");
        released = true;
    }

    function relay(bytes calldata data) external {
        require(data.length < 4 || bytes4(data[:4]) != this.release.selector, "no release");
        (bool ok, ) = address(this).call(data);
        ok;
    }

    function echidna_not_released() external view returns (bool) {
        return !released;
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TokenBase} from "./TokenBase.sol";

// Safe twin of TokenSkipsAllowance.sol and TokenAllowanceWrap.sol: transferFrom requires an allowance
// that covers the amount (an infinite allowance is not spent), and holders may burn their own tokens.
contract Token is TokenBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            require(current >= value, "insufficient allowance");
            unchecked {
                allowance[from][msg.sender] = current - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }

    function burn(uint256 value) external {
        _burn(msg.sender, value);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TokenBase} from "./TokenBase.sol";

// Bug (token-theft, allowance): the allowance is decreased in an unchecked block without the bound,
// so spending more than it wraps it to nearly 2^256. 1 transaction: transferFrom(deployer, to, value)
// from a non-deployer sender with 0 < value <= 1,000,000 tokens and to != 0.
// Safe twin: Token.sol.
contract TokenAllowanceWrap is TokenBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 current = allowance[from][msg.sender];
        if (current != type(uint256).max) {
            unchecked {
                allowance[from][msg.sender] = current - value;
            }
        }
        _transfer(from, to, value);
        return true;
    }
}

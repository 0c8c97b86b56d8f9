// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TokenBase} from "./TokenBase.sol";

// Bug (token-theft, balance): transferFrom spends the allowance only when it covers the amount and
// moves the tokens either way (a dropped `revert`). 1 transaction: transferFrom(deployer, to, value)
// from a non-deployer sender with 0 < value <= 1,000,000 tokens and to != 0.
// Safe twin: Token.sol.
contract TokenSkipsAllowance is TokenBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 current = allowance[from][msg.sender];
        if (current >= value) allowance[from][msg.sender] = current - value;
        _transfer(from, to, value);
        return true;
    }
}

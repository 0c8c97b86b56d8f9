// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {WrappedEtherBase} from "./WrappedEtherBase.sol";

// Bug (token-theft): transferFrom checks the allowance only when one was given. Alice and bob hold
// wrapped ether from the start (they deposited when the campaign was funded), so one call shows it:
// bob's `transferFrom(alice, bob, 1)`. Safe twin: WrappedEther.sol.
contract WrappedEtherSkipsAllowance is WrappedEtherBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != 0) {
            require(allowed >= value, "insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }
}

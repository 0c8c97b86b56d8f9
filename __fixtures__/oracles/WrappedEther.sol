// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {WrappedEtherBase} from "./WrappedEtherBase.sol";

// Safe twin of WrappedEtherSkipsAllowance.sol: transferFrom spends an allowance that covers the
// amount. Withdrawing what one deposited (before the sequence, when the campaign funded the senders)
// is not an ether leak.
contract WrappedEther is WrappedEtherBase {
    function transferFrom(address from, address to, uint256 value) external override returns (bool) {
        if (from != msg.sender) {
            require(allowance[from][msg.sender] >= value, "insufficient allowance");
            allowance[from][msg.sender] -= value;
        }
        _transfer(from, to, value);
        return true;
    }
}

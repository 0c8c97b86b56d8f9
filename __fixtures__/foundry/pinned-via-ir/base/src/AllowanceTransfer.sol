// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@token-kit/ERC20.sol";
import {SafeTransferLib} from "@token-kit/SafeTransferLib.sol";
import {IAllowanceTransfer} from "./interfaces/IAllowanceTransfer.sol";

/// @title AllowanceTransfer
/// @notice Owners approve this contract once per token, then grant each spender an allowance here
/// with its own cap and expiry, and can revoke many of them in one call.
contract AllowanceTransfer is IAllowanceTransfer {
    using SafeTransferLib for ERC20;

    /// @notice owner => token => spender => allowance
    mapping(address => mapping(address => mapping(address => PackedAllowance))) public allowance;

    /// @notice An expiration of 0 means the allowance may be spent in this block only.
    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        PackedAllowance storage allowed = allowance[msg.sender][token][spender];
        allowed.amount = amount;
        allowed.expiration = expiration == 0 ? uint48(block.timestamp) : expiration;
        emit Approval(msg.sender, token, spender, amount, expiration);
    }

    function transferFrom(address from, address to, uint160 amount, address token) external {
        _transfer(from, to, amount, token);
    }

    /// @notice Sets the listed allowances of the caller to zero, e.g. after a spender is compromised.
    function lockdown(TokenSpenderPair[] calldata approvals) external {
        for (uint256 i = 0; i < approvals.length; ++i) {
            address token = approvals[i].token;
            address spender = approvals[i].spender;
            allowance[msg.sender][token][spender].amount = 0;
            emit Lockdown(msg.sender, token, spender);
        }
    }

    function _transfer(address from, address to, uint160 amount, address token) private {
        PackedAllowance storage allowed = allowance[from][token][msg.sender];
        if (block.timestamp > allowed.expiration) revert AllowanceExpired(allowed.expiration);

        uint256 maxAmount = allowed.amount;
        // The maximum amount is an unlimited allowance that is never decreased.
        if (maxAmount != type(uint160).max) {
            if (amount > maxAmount) revert InsufficientAllowance(maxAmount);
            unchecked {
                allowed.amount = uint160(maxAmount - amount);
            }
        }

        ERC20(token).safeTransferFrom(from, to, amount);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title IAllowanceTransfer
/// @notice Expiring, capped allowances that spenders draw on through one shared approval per token.
interface IAllowanceTransfer {
    /// @dev One storage slot: the remaining amount and the timestamp after which it may not be spent.
    struct PackedAllowance {
        uint160 amount;
        uint48 expiration;
    }

    struct TokenSpenderPair {
        address token;
        address spender;
    }

    event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration);
    event Lockdown(address indexed owner, address token, address spender);

    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);

    function approve(address token, address spender, uint160 amount, uint48 expiration) external;

    function transferFrom(address from, address to, uint160 amount, address token) external;

    function lockdown(TokenSpenderPair[] calldata approvals) external;
}

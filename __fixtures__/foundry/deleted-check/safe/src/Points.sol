// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@points-kit/ERC20.sol";

/// Loyalty points: the deployer holds the supply; an operator a holder approved pulls the holder's
/// points to itself to redeem them.
contract Points is ERC20 {
    event Redeemed(address indexed holder, address indexed operator, uint256 amount);

    constructor() ERC20("Points", "PTS") {
        _mint(msg.sender, 1_000_000e18);
    }

    function withdrawFrom(address holder, uint256 amount) external {
        _spendAllowance(holder, msg.sender, amount);
        _transfer(holder, msg.sender, amount);
        emit Redeemed(holder, msg.sender, amount);
    }
}

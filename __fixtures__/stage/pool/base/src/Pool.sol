// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {IERC20} from "./interfaces/IERC20.sol";

/// A single-token reserve in the shape of half a Uniswap v2 pair: its owner names the token, `sync()`
/// books the pool's balance as its reserve, and `redeem` pays `out` against tokens sent to the pool
/// before the call, plus a 0.3% fee.
contract Pool {
    address public owner;
    IERC20 public token;
    uint256 public reserve;

    constructor() {
        owner = msg.sender;
    }

    function setToken(address _token) external {
        require(msg.sender == owner, "FORBIDDEN");
        token = IERC20(_token);
    }

    function sync() external {
        reserve = token.balanceOf(address(this));
    }

    function redeem(uint256 out, address to) external {
        require(out > 0 && out < reserve, "LIQUIDITY");
        require(token.transfer(to, out), "TRANSFER");
        uint256 balance = token.balanceOf(address(this));
        uint256 paidIn = balance > reserve - out ? balance - (reserve - out) : 0;
        require(paidIn > 0, "INPUT");
        require(paidIn * 1000 >= out * 1003, "FEE");
        reserve = balance;
    }
}

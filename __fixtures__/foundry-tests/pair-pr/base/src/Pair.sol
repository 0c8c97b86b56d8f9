// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Token} from "./Token.sol";

/// A constant-product pair in the shape of Uniswap v2's: tokens are sent in first, then `swap` pays
/// out and checks that the balances, less a 0.3% fee on what came in, keep the product of the reserves.
contract Pair {
    address public factory;
    Token public token0;
    Token public token1;
    uint256 public reserve0;
    uint256 public reserve1;

    constructor() {
        factory = msg.sender;
    }

    /// Called once by the factory: by `new` right after creation, or on a fresh clone.
    function initialize(Token token0_, Token token1_) external {
        require(address(token0) == address(0), "initialized");
        factory = factory == address(0) ? msg.sender : factory;
        require(msg.sender == factory, "only the factory");
        (token0, token1) = (token0_, token1_);
    }

    /// Takes whatever was sent in as the new reserves (the liquidity the test provides).
    function sync() external {
        (reserve0, reserve1) = (token0.balanceOf(address(this)), token1.balanceOf(address(this)));
    }

    function swap(uint256 amount0Out, uint256 amount1Out, address to) external {
        require(amount0Out > 0 || amount1Out > 0, "insufficient output");
        require(amount0Out < reserve0 && amount1Out < reserve1, "insufficient liquidity");
        if (amount0Out > 0) token0.transfer(to, amount0Out);
        if (amount1Out > 0) token1.transfer(to, amount1Out);
        uint256 balance0 = token0.balanceOf(address(this));
        uint256 balance1 = token1.balanceOf(address(this));
        uint256 in0 = balance0 > reserve0 - amount0Out ? balance0 - (reserve0 - amount0Out) : 0;
        uint256 in1 = balance1 > reserve1 - amount1Out ? balance1 - (reserve1 - amount1Out) : 0;
        uint256 adjusted0 = balance0 * 1000 - in0 * 3;
        uint256 adjusted1 = balance1 * 1000 - in1 * 3;
        require(adjusted0 * adjusted1 >= reserve0 * reserve1 * 1000 ** 2, "K");
        (reserve0, reserve1) = (balance0, balance1);
    }
}

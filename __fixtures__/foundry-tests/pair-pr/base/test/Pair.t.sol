// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Test} from "forge-std/Test.sol";
import {Factory} from "../src/Factory.sol";
import {Pair} from "../src/Pair.sol";
import {Token} from "../src/Token.sol";

/// setUp() creates the pair through the factory (CREATE2, as Uniswap v2 does) and provides its
/// liquidity; no swap may lower the product of the reserves.
contract PairTest is Test {
    Token internal tokenA;
    Token internal tokenB;
    Factory internal factory;
    Pair internal pair;
    uint256 internal k;

    function setUp() public {
        tokenA = new Token();
        tokenB = new Token();
        factory = new Factory();
        pair = create(tokenA, tokenB);
        tokenA.mint(address(pair), 1000 ether);
        tokenB.mint(address(pair), 1000 ether);
        pair.sync();
        k = pair.reserve0() * pair.reserve1();
    }

    function create(Token a, Token b) internal virtual returns (Pair) {
        return factory.createPair(a, b);
    }

    function invariant_productKept() public view {
        assertGe(pair.reserve0() * pair.reserve1(), k, "the product of the reserves fell");
    }
}

/// The same pair as an EIP-1167 clone of the factory's implementation.
contract ClonedPairTest is PairTest {
    function create(Token a, Token b) internal override returns (Pair) {
        return factory.clonePair(a, b);
    }
}

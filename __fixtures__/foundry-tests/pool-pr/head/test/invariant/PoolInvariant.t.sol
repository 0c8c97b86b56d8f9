// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Test} from "forge-std/Test.sol";
import {Pool} from "../../src/Pool.sol";
import {Token} from "../../src/Token.sol";

/// Three funded actors deposit into, withdraw from and exit the pool, with bounded amounts.
contract PoolHandler is Test {
    Token internal immutable token;
    Pool internal immutable pool;
    address[3] internal actors;

    constructor(Token token_, Pool pool_) {
        token = token_;
        pool = pool_;
        actors = [makeAddr("alice"), makeAddr("bob"), makeAddr("carol")];
    }

    function actor(uint256 seed) public view returns (address) {
        return actors[seed % actors.length];
    }

    function deposit(uint256 actorSeed, uint256 amount) external {
        address who = actor(actorSeed);
        uint256 held = token.balanceOf(who);
        if (held == 0) return;
        amount = bound(amount, 1, held);
        vm.prank(who);
        pool.deposit(amount);
    }

    function withdraw(uint256 actorSeed, uint256 amount) external {
        address who = actor(actorSeed);
        amount = bound(amount, 0, pool.balanceOf(who));
        vm.prank(who);
        pool.withdraw(amount);
    }

    function exit(uint256 actorSeed) external {
        vm.prank(actor(actorSeed));
        pool.exit();
    }
}

/// The pool holds exactly what it owes: its token balance is its total deposits.
contract PoolInvariantTest is Test {
    Token internal token;
    Pool internal pool;
    PoolHandler internal handler;

    function setUp() public {
        token = new Token();
        pool = new Pool(token);
        handler = new PoolHandler(token, pool);
        for (uint256 i = 0; i < 3; i++) {
            address who = handler.actor(i);
            token.mint(who, 100 ether);
            vm.prank(who);
            token.approve(address(pool), type(uint256).max);
        }
        targetContract(address(handler));
    }

    function invariant_poolHoldsTotalDeposits() public view {
        assertEq(token.balanceOf(address(pool)), pool.totalDeposits(), "pool balance != total deposits");
    }

    function invariant_depositsWithinSupply() public view returns (bool) {
        return pool.totalDeposits() <= token.totalSupply();
    }
}

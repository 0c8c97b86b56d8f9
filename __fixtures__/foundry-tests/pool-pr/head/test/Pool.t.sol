// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Test} from "forge-std/Test.sol";
import {Pool} from "../src/Pool.sol";
import {Token} from "../src/Token.sol";

contract PoolTest is Test {
    Token internal token;
    Pool internal pool;
    address internal alice;

    function setUp() public {
        token = new Token();
        pool = new Pool(token);
        alice = makeAddr("alice");
        token.mint(alice, 100 ether);
        vm.prank(alice);
        token.approve(address(pool), type(uint256).max);
    }

    /// Only amounts alice holds: the assumption turns the rest down.
    function testFuzz_depositThenWithdraw(uint256 amount) public {
        vm.assume(amount > 0 && amount <= 100 ether);
        vm.startPrank(alice);
        pool.deposit(amount);
        pool.withdraw(amount);
        vm.stopPrank();
        assertEq(token.balanceOf(alice), 100 ether);
        assertEq(pool.totalDeposits(), 0);
    }

    function testFuzz_depositThenExit(uint256 amount) public {
        vm.assume(amount > 0 && amount <= 100 ether);
        vm.startPrank(alice);
        pool.deposit(amount);
        pool.exit();
        vm.stopPrank();
        assertEq(token.balanceOf(alice), 100 ether);
        assertEq(pool.totalDeposits(), 0, "exit left deposits owed");
    }
}

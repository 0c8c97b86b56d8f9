// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Test} from "forge-std/Test.sol";
import {Pool} from "../src/Pool.sol";
import {Token} from "../src/Token.sol";

/// setUp() mints from an account that is not the minter: it reverts, and the suite is skipped.
contract BrokenSetUpTest is Test {
    Pool internal pool;

    function setUp() public {
        Token token = new Token();
        pool = new Pool(token);
        vm.prank(makeAddr("stranger"));
        token.mint(address(this), 1 ether);
    }

    function test_neverRuns() public view {
        assertEq(pool.totalDeposits(), 0);
    }
}

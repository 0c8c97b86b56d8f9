// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";
import {Vault} from "../src/Vault.sol";

/// Tests that fail, each in one of the ways forge tells apart.
contract FailingTest is Test {
    Token internal token;
    Vault internal vault;
    address internal alice = address(0xA11CE);

    function setUp() public {
        token = new Token();
        vault = new Vault(token);
        token.mint(alice, 100 ether);
    }

    function test_assertionFails() public view {
        assertEq(token.balanceOf(alice), 99 ether, "alice's balance");
    }

    function test_unexpectedRevert() public {
        vm.prank(alice);
        vault.deposit(1 ether); // no approval: the token reverts
    }

    function test_expectedRevertDoesNotHappen() public {
        vm.expectRevert(Vault.NotOwner.selector);
        vault.pause(); // the test contract deployed the vault: it is the owner
    }

    function testFuzz_depositsAboveAThousandWeiFail(uint256 amount) public {
        vm.assume(amount <= 100 ether);
        vm.startPrank(alice);
        token.approve(address(vault), amount);
        if (amount > 0) vault.deposit(amount);
        vm.stopPrank();
        assertLe(vault.totalShares(), 1000);
    }

    function testFuzz_assumeRejectsEverything(uint256 amount) public pure {
        vm.assume(amount == 0 && amount == 1);
    }

    function testFail_passesSoFails() public {}
}

/// setUp() reverts: the whole contract is skipped with the decoded reason.
contract SetUpRevertsTest is Test {
    function setUp() public {
        Token token = new Token();
        vm.prank(address(0xBAD));
        token.mint(address(this), 1);
    }

    function test_neverRuns() public {}
}

/// setUp() forks mainnet: skipped, naming the cheatcode.
contract ForkTest is Test {
    function setUp() public {
        vm.createSelectFork("mainnet");
    }

    function test_neverRuns() public {}
}

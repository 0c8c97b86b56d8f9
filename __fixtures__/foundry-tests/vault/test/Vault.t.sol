// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../src/Token.sol";
import {Vault} from "../src/Vault.sol";

/// The vault wired in setUp() as a team would: deployed by a pranked owner, users funded with deal
/// and minted tokens, approvals made under pranks. Every test here passes.
contract VaultTest is Test {
    Token internal token;
    Vault internal vault;
    address internal owner;
    address internal alice;

    event Deposited(address indexed account, uint256 assets, uint256 shares);

    function setUp() public {
        owner = makeAddr("owner");
        alice = makeAddr("alice");
        vm.startPrank(owner);
        token = new Token();
        vault = new Vault(token);
        token.mint(alice, 1_000 ether);
        vm.stopPrank();
        vm.deal(alice, 10 ether);
        vm.prank(alice);
        token.approve(address(vault), type(uint256).max);
    }

    function test_setUpWiredEverything() public view {
        assertEq(vault.owner(), owner);
        assertEq(token.owner(), owner);
        assertEq(address(vault.asset()), address(token));
        assertEq(alice.balance, 10 ether);
        assertEq(token.balanceOf(alice), 1_000 ether);
    }

    function test_deposit() public {
        vm.expectEmit(true, false, false, true, address(vault));
        emit Deposited(alice, 100 ether, 100 ether);
        vm.prank(alice);
        vault.deposit(100 ether);
        assertEq(vault.sharesOf(alice), 100 ether);
    }

    function test_RevertWhen_StrangerPauses() public {
        vm.expectRevert(Vault.NotOwner.selector);
        vm.prank(alice);
        vault.pause();
    }

    function test_RevertWhen_DepositIsZero() public {
        vm.expectRevert(bytes("zero deposit"));
        vm.prank(alice);
        vault.deposit(0);
    }

    function test_RevertWhen_WithdrawingMoreThanHeld() public {
        vm.prank(alice);
        vault.deposit(5 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.InsufficientShares.selector, 5 ether, 6 ether));
        vm.prank(alice);
        vault.withdraw(6 ether);
    }

    function testFuzz_depositThenWithdrawReturnsEverything(uint256 amount) public {
        vm.assume(amount > 0 && amount <= 1_000 ether);
        vm.startPrank(alice);
        uint256 shares = vault.deposit(amount);
        vault.withdraw(shares);
        vm.stopPrank();
        assertEq(token.balanceOf(alice), 1_000 ether);
    }

    function testFail_strangerMints() public {
        vm.prank(alice);
        token.mint(alice, 1);
    }
}

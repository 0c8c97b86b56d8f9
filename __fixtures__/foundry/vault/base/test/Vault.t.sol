// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Vault} from "../src/Vault.sol";
import {MockERC20} from "./utils/mocks/MockERC20.sol";

contract VaultTest is Test {
    MockERC20 internal token;
    Vault internal vault;

    address internal constant ALICE = address(0xA11CE);
    address internal constant BOB = address(0xB0B);

    function setUp() public {
        token = new MockERC20("Mock Token", "MOCK", 18);
        vault = new Vault(token);
    }

    function testMetadata() public view {
        assertEq(vault.name(), "Vault Mock Token");
        assertEq(vault.symbol(), "vMOCK");
        assertEq(vault.decimals(), 18);
        assertEq(address(vault.asset()), address(token));
    }

    function testDepositWithdraw() public {
        token.mint(ALICE, 100 ether);
        vm.startPrank(ALICE);
        token.approve(address(vault), 100 ether);

        uint256 shares = vault.deposit(100 ether, ALICE);
        assertEq(shares, 100 ether);
        assertEq(vault.totalAssets(), 100 ether);

        vault.withdraw(40 ether, ALICE, ALICE);
        assertEq(vault.balanceOf(ALICE), 60 ether);
        assertEq(token.balanceOf(ALICE), 40 ether);

        vault.withdraw(60 ether, ALICE, ALICE);
        vm.stopPrank();

        assertEq(vault.totalSupply(), 0);
        assertEq(vault.totalAssets(), 0);
        assertEq(token.balanceOf(ALICE), 100 ether);
    }

    function testRedeemForAnotherOwner() public {
        token.mint(ALICE, 10 ether);
        vm.startPrank(ALICE);
        token.approve(address(vault), 10 ether);
        vault.deposit(10 ether, ALICE);
        vault.approve(BOB, 4 ether);
        vm.stopPrank();

        vm.prank(BOB);
        uint256 assets = vault.redeem(4 ether, BOB, ALICE);

        assertEq(assets, 4 ether);
        assertEq(token.balanceOf(BOB), 4 ether);
        assertEq(vault.allowance(ALICE, BOB), 0);
    }

    function testDonationsDoNotMoveThePrice() public {
        token.mint(ALICE, 10 ether);
        vm.startPrank(ALICE);
        token.approve(address(vault), 10 ether);
        vault.deposit(10 ether, ALICE);
        vm.stopPrank();

        token.mint(address(vault), 5 ether);
        assertEq(vault.convertToShares(1 ether), 1 ether);
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {Test} from "forge-std/Test.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// Drives the vault for the invariant suites: three funded actors deposit and withdraw, with
/// bounded inputs, and ghost totals of what went in and out.
contract VaultHandler is Test {
    Token internal immutable token;
    Vault internal immutable vault;
    address[3] internal actors;
    uint256 public ghostDeposited;
    uint256 public ghostWithdrawn;

    constructor(Token token_, Vault vault_) {
        token = token_;
        vault = vault_;
        actors = [makeAddr("alice"), makeAddr("bob"), makeAddr("carol")];
    }

    function actor(uint256 seed) public view returns (address) {
        return actors[seed % actors.length];
    }

    function deposit(uint256 actorSeed, uint256 amount) external {
        address who = actor(actorSeed);
        amount = bound(amount, 1, token.balanceOf(who));
        vm.prank(who);
        vault.deposit(amount);
        ghostDeposited += amount;
    }

    function withdraw(uint256 actorSeed, uint256 shares) external {
        address who = actor(actorSeed);
        uint256 held = vault.sharesOf(who);
        if (held == 0) return;
        shares = bound(shares, 1, held);
        vm.prank(who);
        ghostWithdrawn += vault.withdraw(shares);
    }
}

/// Handler-based invariant suite: the handler is the only target, two of its selectors.
contract VaultInvariantTest is Test {
    Token internal token;
    Vault internal vault;
    VaultHandler internal handler;

    function setUp() public {
        token = new Token();
        vault = new Vault(token);
        handler = new VaultHandler(token, vault);
        for (uint256 i = 0; i < 3; i++) {
            address who = handler.actor(i);
            token.mint(who, 100 ether);
            vm.prank(who);
            token.approve(address(vault), type(uint256).max);
        }
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](2);
        selectors[0] = VaultHandler.deposit.selector;
        selectors[1] = VaultHandler.withdraw.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
        excludeSender(address(0xdead));
    }

    function invariant_assetsCoverDeposits() public view {
        assertEq(token.balanceOf(address(vault)), handler.ghostDeposited() - handler.ghostWithdrawn());
    }

    function invariant_sharesNeverExceedAssets() public view returns (bool) {
        return vault.totalShares() <= token.balanceOf(address(vault));
    }
}

/// The same system with a property that does not hold: deposits soon pass the cap.
contract VaultCapInvariantTest is Test {
    Token internal token;
    Vault internal vault;
    VaultHandler internal handler;

    function setUp() public {
        token = new Token();
        vault = new Vault(token);
        handler = new VaultHandler(token, vault);
        for (uint256 i = 0; i < 3; i++) {
            address who = handler.actor(i);
            token.mint(who, 100 ether);
            vm.prank(who);
            token.approve(address(vault), type(uint256).max);
        }
        targetContract(address(handler));
    }

    function invariant_depositsStayUnderCap() public view {
        assertLe(vault.totalShares(), 60 ether, "cap");
    }
}

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {FlaggingTest} from "./FlaggedAssertions.t.sol";
import {Token} from "../../src/Token.sol";
import {Vault} from "../../src/Vault.sol";

/// A handler that asserts itself, through the failure flag (it inherits a ds-test style base, as
/// handlers of projects pinned to ds-test or an old forge-std do): its assertion failing does not
/// revert the call, and forge fails the invariant run on the flag it leaves.
contract FlaggedAssertingHandler is FlaggingTest {
    Token internal immutable token;
    Vault internal immutable vault;
    uint256 internal immutable cap;

    constructor(Token token_, Vault vault_, uint256 cap_) {
        token = token_;
        vault = vault_;
        cap = cap_;
    }

    function deposit(bool second, uint256 amount) external {
        address who = second ? address(0xB0B) : address(0xA11CE);
        uint256 held = token.balanceOf(who);
        if (held == 0) return;
        amount = 1 + amount % held;
        vm.prank(who);
        vault.deposit(amount);
        assertLe(vault.totalShares(), cap);
    }
}

abstract contract FlaggedHandlerSetUp is FlaggingTest {
    Token internal token;
    Vault internal vault;

    function cap() internal pure virtual returns (uint256);

    function setUp() public {
        token = new Token();
        vault = new Vault(token);
        FlaggedAssertingHandler handler = new FlaggedAssertingHandler(token, vault, cap());
        address[2] memory actors = [address(0xA11CE), address(0xB0B)];
        for (uint256 i = 0; i < 2; i++) {
            token.mint(actors[i], 100 ether);
            vm.prank(actors[i]);
            token.approve(address(vault), type(uint256).max);
        }
        targetContract(address(handler));
    }

    /// Holds whatever the handler does: the shares are what was deposited.
    function invariant_sharesBacked() public {
        assertLe(vault.totalShares(), token.balanceOf(address(vault)));
    }
}

/// Broken: the handler's own assertion (60 ether of shares at most) fails on deposits the actors can make.
contract FlaggedHandlerInvariantTest is FlaggedHandlerSetUp {
    function cap() internal pure override returns (uint256) {
        return 60 ether;
    }
}

/// The safe twin: the handler's cap is all the actors hold.
contract FlaggedHandlerSafeInvariantTest is FlaggedHandlerSetUp {
    function cap() internal pure override returns (uint256) {
        return 200 ether;
    }
}
